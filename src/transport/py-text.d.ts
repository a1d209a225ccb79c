// esbuild bundles `.py` files as text (scripts/build.mjs: loader '.py': 'text').
declare module '*.py' {
  const text: string;
  export default text;
}
