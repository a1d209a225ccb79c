/**
 * Attributes Jinja's sandbox refuses. NOTE: 2.19 renders in a SandboxedEnvironment: a Python
 * attribute whose name starts with `_` that the object has (`x.__class__`) is an undefined value
 * saying it is unsafe; a name it lacks falls through to the item or the usual undefined.
 */
import { PyFloat, isTuple } from '../../core/data.js';
import { PyClassObject, PyDefinedFunction, PyObject, type Value } from './py-object.js';
import { Undefined } from './undefined.js';

const words = (text: string): Set<string> => new Set(text.split(' '));

const OBJECT =
  '__class__ __delattr__ __dir__ __doc__ __eq__ __format__ __ge__ __getattribute__ __getstate__ __gt__ __hash__ __init__ __init_subclass__ __le__ __lt__ __ne__ __new__ __reduce__ __reduce_ex__ __repr__ __setattr__ __sizeof__ __str__ __subclasshook__';
const SEQUENCE = '__add__ __contains__ __getitem__ __iter__ __len__ __mul__ __rmul__';
const NUMBER =
  '__abs__ __add__ __bool__ __ceil__ __divmod__ __float__ __floor__ __floordiv__ __getnewargs__ __int__ __mod__ __mul__ __neg__ __pos__ __pow__ __radd__ __rdivmod__ __rfloordiv__ __rmod__ __rmul__ __round__ __rpow__ __rsub__ __rtruediv__ __sub__ __truediv__ __trunc__';
const INT_ONLY = '__and__ __index__ __invert__ __lshift__ __or__ __rand__ __rlshift__ __ror__ __rrshift__ __rshift__ __rxor__ __xor__';
// Ansible's lazy containers (variables' lists and dicts) add their own private members.
const LAZY =
  '_SLOTS _TYPE_KEY __annotations__ __class_getitem__ __contains__ __copy__ __deepcopy__ __delitem__ __final__ __firstlineno__ __getitem__ __iter__ __len__ __module__ __reversed__ __setitem__ __slots__ __static_attributes__ _ansible_tags_mapping _as_dict _collection_types _container_types _copy_collection _deserialize _dispatch_types _empty_tags_as_native _from_dict _get_tagged_type _instance_factory _instance_factory_collection _is_not_lazy_combine_candidate _item_source _known_type_map _lazy_options _lazy_values _native_copy _native_type _new _non_lazy_copy _proxy_or_render_lazy_value _proxy_or_render_lazy_values _proxy_or_render_other _reduce _repr _serialize _subclasses_native_type _tagged_collection_types _tagged_type_map _templar _try_create _type_key';

// Functions written in Python (lookup, lipsum, now …); 2.19 marks its direct calls with `_directcall`.
const FUNCTION =
  '__annotations__ __builtins__ __call__ __class__ __closure__ __code__ __defaults__ __delattr__ __dict__ __dir__ __doc__ __eq__ __format__ __ge__ __get__ __getattribute__ __getstate__ __globals__ __gt__ __hash__ __init__ __init_subclass__ __kwdefaults__ __le__ __lt__ __module__ __name__ __ne__ __new__ __qualname__ __reduce__ __reduce_ex__ __repr__ __setattr__ __sizeof__ __str__ __subclasshook__ __type_params__';
// What a class has as an instance of `type`, beside its instances' own members.
const TYPE =
  '__base__ __bases__ __basicsize__ __call__ __dictoffset__ __flags__ __instancecheck__ __itemsize__ __mro__ __name__ __or__ __prepare__ __qualname__ __ror__ __subclasscheck__ __subclasses__ __text_signature__ __type_params__ __weakrefoffset__';
const RANGE = '__bool__ __contains__ __getitem__ __iter__ __len__ __reversed__';
// Jinja's utility classes, written in Python.
const JINJA_CLASS = '__annotations__ __dict__ __firstlineno__ __module__ __static_attributes__ __weakref__';

const BY_TYPE: Record<string, Set<string>> = {
  str: words(`${OBJECT} ${SEQUENCE} __getnewargs__ __mod__ __rmod__`),
  int: words(`${OBJECT} ${NUMBER} ${INT_ONLY}`),
  bool: words(`${OBJECT} ${NUMBER} ${INT_ONLY}`),
  float: words(`${OBJECT} ${NUMBER} __getformat__`),
  NoneType: words(`${OBJECT} __bool__`),
  tuple: words(`${OBJECT} ${SEQUENCE} __class_getitem__ __getnewargs__`),
  _AnsibleLazyTemplateDict: words(`${OBJECT} ${LAZY} __ior__ __or__ __ror__ _yield_non_lazy_dict_items`),
  _AnsibleLazyTemplateList: words(`${OBJECT} ${LAZY} __add__ __iadd__ __imul__ __mul__ __radd__ __rmul__ _yield_non_lazy_list_items`),
  function: words(FUNCTION),
  range: words(`${OBJECT} ${RANGE}`),
  Cycler: words(`${OBJECT} ${JINJA_CLASS} __next__`),
  Joiner: words(`${OBJECT} ${JINJA_CLASS} __call__`),
  // typing's alias (`dict['x']`): its own members and those of the class it hands on to.
  GenericAlias: words(
    '__args__ __base__ __basicsize__ __call__ __class__ __class_getitem__ __contains__ __delattr__ __delitem__ __dict__ __dictoffset__ __dir__ __doc__ __eq__ __flags__ __format__ __ge__ __getattribute__ __getitem__ __getstate__ __gt__ __hash__ __init__ __init_subclass__ __instancecheck__ __ior__ __itemsize__ __iter__ __le__ __len__ __lt__ __module__ __mro__ __mro_entries__ __name__ __ne__ __new__ __or__ __origin__ __parameters__ __prepare__ __qualname__ __reduce__ __reduce_ex__ __repr__ __reversed__ __ror__ __setattr__ __setitem__ __sizeof__ __str__ __subclasscheck__ __subclasses__ __subclasshook__ __text_signature__ __type_params__ __typing_unpacked_tuple_args__ __unpacked__ __weakrefoffset__',
  ),
  // NOTE: Jinja's Namespace hides every attribute but its class behind its own __getattribute__.
  Namespace: words('__class__'),
};

/** The classes among the globals (`range.__name__`): their instances' members and type's own. */
const CLASS_MEMBERS: Record<string, Set<string>> = {
  range: words(`${OBJECT} ${RANGE} ${TYPE}`),
  Cycler: words(`${OBJECT} ${JINJA_CLASS} ${TYPE} __next__`),
  Joiner: words(`${OBJECT} ${JINJA_CLASS} ${TYPE}`),
  Namespace: words(`${OBJECT} ${JINJA_CLASS} ${TYPE} __setitem__`),
};

function sandboxTypeName(obj: Value): string | undefined {
  if (obj === null) return 'NoneType';
  if (typeof obj === 'string') return 'str';
  if (typeof obj === 'boolean') return 'bool';
  if (typeof obj === 'number' || typeof obj === 'bigint') return 'int';
  if (obj instanceof PyFloat) return 'float';
  if (Array.isArray(obj)) return isTuple(obj) ? 'tuple' : '_AnsibleLazyTemplateList';
  if (obj instanceof Map) return '_AnsibleLazyTemplateDict';
  if (obj instanceof PyDefinedFunction) return 'function';
  if (obj instanceof PyObject && !(obj instanceof PyClassObject)) return obj.typeName;
  return undefined;
}

/** The private members `obj` has, with the type name the sandbox's refusal shows. */
function privateMembers(obj: Value): [string, Set<string> | undefined] | undefined {
  // NOTE: `dict` is left out: its item (`dict['__name__']`, a generic alias) is what 2.19 gives.
  if (obj instanceof PyClassObject) return ['type', CLASS_MEMBERS[obj.className]];
  const type = sandboxTypeName(obj);
  return type === undefined ? undefined : [type, BY_TYPE[type]];
}

/**
 * The sandbox's undefined value for `obj.name`, when the name is a private attribute the object
 * has; `shownType` names a value read from a variable (a tagged str, int or float).
 */
export function unsafeAttribute(obj: Value, name: string, shownType?: string): Undefined | undefined {
  if (!name.startsWith('_')) return undefined;
  const members = privateMembers(obj);
  if (members === undefined) return undefined;
  const [type, names] = members;
  // 2.19 marks lookup, query and undef (the globals that take undefined arguments) as direct calls
  const directCall = name === '_directcall' && obj instanceof PyDefinedFunction && obj.takesUndefined;
  if (!names?.has(name) && !directCall) return undefined;
  return new Undefined(`access to attribute '${name}' of '${shownType ?? type}' object is unsafe.`, name);
}
