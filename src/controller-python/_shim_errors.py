# ansible.errors for Python plugins: the exception classes plugins raise and catch, with
# ansible-core's `message` (the text, then orig_exc's) so failures read as in ansible-core.


class AnsibleError(Exception):
    def __init__(self, message='', obj=None, show_content=True, suppress_extended_error=False, orig_exc=None, help_text=None):
        super().__init__(message)
        self._message = message if isinstance(message, str) else str(message)
        self.obj = obj
        self.orig_exc = orig_exc
        self.help_text = help_text

    @property
    def message(self):
        return self._message

    @message.setter
    def message(self, value):
        self._message = value

    def __str__(self):
        if self.orig_exc is not None:
            cause = str(self.orig_exc)
            return '%s: %s' % (self._message, cause) if self._message and cause else self._message or cause
        return self._message


class AnsibleAssertionError(AnsibleError, AssertionError):
    pass


class AnsibleOptionsError(AnsibleError):
    pass


class AnsibleParserError(AnsibleError):
    pass


class AnsibleInternalError(AnsibleError):
    pass


class AnsibleRuntimeError(AnsibleError):
    pass


class AnsibleModuleError(AnsibleRuntimeError):
    pass


class AnsibleConnectionFailure(AnsibleRuntimeError):
    pass


class AnsibleAuthenticationFailure(AnsibleConnectionFailure):
    pass


class AnsibleCallbackError(AnsibleRuntimeError):
    pass


class AnsibleTemplateError(AnsibleRuntimeError):
    pass


class AnsibleTemplatePluginError(AnsibleTemplateError):
    pass


AnsibleFilterError = AnsibleTemplatePluginError


class AnsibleFilterTypeError(AnsibleTemplateError, TypeError):
    pass


class AnsibleUndefinedVariable(AnsibleTemplateError):
    pass


class AnsibleFileNotFound(AnsibleRuntimeError):
    def __init__(self, message='', obj=None, show_content=True, suppress_extended_error=False, orig_exc=None, paths=None, file_name=None):
        self.file_name = file_name
        self.paths = paths
        if file_name:
            searched = ''
            if paths:
                searched = '\nSearched in:\n\t%s' % '\n\t'.join(paths)
            message = ('%s\n' % message if message else '') + "Could not find or access '%s'%s on the Ansible Controller." % (file_name, searched)
        super().__init__(message, obj, show_content, suppress_extended_error, orig_exc)


class AnsibleLookupError(AnsibleTemplatePluginError):
    pass


class AnsibleAction(AnsibleRuntimeError):
    def __init__(self, message='', obj=None, show_content=True, suppress_extended_error=False, orig_exc=None, result=None):
        super().__init__(message, obj, show_content, suppress_extended_error, orig_exc)
        self.result = result or {}


class AnsibleActionSkip(AnsibleAction):
    pass


class AnsibleActionFail(AnsibleAction):
    pass


class AnsiblePluginError(AnsibleError):
    pass


class AnsiblePluginRemovedError(AnsiblePluginError):
    pass


class AnsiblePluginCircularRedirect(AnsiblePluginError):
    pass


class AnsibleCollectionUnsupportedVersionError(AnsiblePluginError):
    pass


class AnsibleUndefinedConfigEntry(AnsibleError):
    pass


class AnsibleVariableTypeError(AnsibleRuntimeError):
    pass
