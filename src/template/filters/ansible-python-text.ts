// The decoder lives in core: the YAML loader decodes !!binary with it too.
export { decodeSurrogateEscape } from '../../core/surrogate-escape.js';
