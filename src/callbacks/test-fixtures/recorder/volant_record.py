# A notification callback for recording golden pairs with the ansible-core oracle: it writes every
# callback event, with the per-host result dicts as the callback sees them (and raw), to the
# JSON-lines file named by VOLANT_RECORD_FILE. The default callback runs beside it unchanged, so
# one oracle run gives both the events Volant's callback is fed and the text it must print.
# Enable with: ANSIBLE_CALLBACK_PLUGINS=<this dir> ANSIBLE_CALLBACKS_ENABLED=volant_record
from __future__ import annotations

import json
import os
import sys
import time

from ansible.plugins.callback import CallbackBase

try:
    from ansible._internal import _display_utils
except ImportError:  # pragma: no cover
    _display_utils = None


def _summary_text(summary):
    if _display_utils is None:
        return str(summary)
    return _display_utils.format_message(summary, False)


def _event(ev):
    if ev is None:
        return None
    return {
        'msg': ev.msg,
        'help_text': ev.help_text,
        'source_context': ev.formatted_source_context,
        'chain': None if ev.chain is None else {
            'msg_reason': ev.chain.msg_reason,
            'follow': ev.chain.follow,
            'event': _event(ev.chain.event),
        },
        'events': None if not ev.events else [_event(e) for e in ev.events],
    }


def _default(obj):
    ev = getattr(obj, 'event', None)
    if ev is not None:
        return {'__summary__': type(obj).__name__, 'text': _summary_text(obj), 'event': _event(ev)}
    return {'__repr__': repr(obj)}


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'notification'
    CALLBACK_NAME = 'volant_record'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self.wants_implicit_tasks = True
        self._out = open(os.environ['VOLANT_RECORD_FILE'], 'w', encoding='utf-8')
        self._hook_display()

    def _hook_display(self):
        # Warnings and deprecations shown outside task results (parse time, host patterns) reach
        # Volant's callback through its warning/deprecation hooks: record them where they happen.
        display = self._display
        orig_warning = display._warning
        orig_deprecated = display._deprecated

        def from_callback():
            f = sys._getframe(2)
            while f is not None:
                if f.f_code.co_name in ('_handle_warnings', '_deprecated'):
                    return True
                f = f.f_back
            return False

        # NOTE: in a worker process Display proxies these calls to the main process, which calls
        # them again: record only in the main process (no _final_q), or they appear twice.
        def warning(w):
            if not display._final_q and not from_callback():
                self._w('warning', warning=w)
            return orig_warning(w)

        def deprecated(d):
            if not display._final_q and not from_callback():
                self._w('deprecation', deprecation=d, version=d.version, date=d.date,
                        collection=d.deprecator.resolved_name if d.deprecator else None)
            return orig_deprecated(d)

        orig_verbose = display._verbose_display

        def verbose(msg, host=None, caplevel=2):
            if not display._final_q:
                self._w('verbose', msg=msg, host=host, caplevel=caplevel)
            return orig_verbose(msg, host=host, caplevel=caplevel)

        display._warning = warning
        display._deprecated = deprecated
        display._verbose_display = verbose

    def _w(self, kind, **data):
        data['event'] = kind
        data['t'] = time.time()
        self._out.write(json.dumps(data, default=_default, ensure_ascii=False) + '\n')
        self._out.flush()

    def _task(self, task):
        path = task.get_path()
        role = task._role.get_name() if getattr(task, '_role', None) else None
        return {
            'uuid': task._uuid,
            'name': task.get_name().strip(),
            'action': task.action,
            'loop': task.loop is not None,
            'no_log': task.no_log,
            'check_mode': task.check_mode,
            'diff': task.diff,
            'delegate_to': task.delegate_to,
            'ignore_unreachable': task.ignore_unreachable,
            'path': path,
            'role': role,
            'args': {k: v for k, v in task.args.items() if not str(k).startswith('_ansible_')},
            'implicit': task.implicit,
        }

    def _result(self, r):
        # `raw` holds the task's exception, warnings and deprecations as summaries (see _default).
        return {
            'host': r.host.get_name(),
            'task': self._task(r.task),
            'task_name': r.task_name,
            'result': r.result,
            'raw': r._return_data,
        }

    def v2_playbook_on_start(self, playbook):
        self._w('playbook_start', file=playbook._file_name)

    def v2_playbook_on_play_start(self, play):
        self._w('play_start', name=play.get_name().strip(), check_mode=play.check_mode, strategy=play.strategy,
                id=play._uuid, path=play.get_path())

    def v2_playbook_on_task_start(self, task, is_conditional):
        self._w('task_start', task=self._task(task))

    def v2_playbook_on_handler_task_start(self, task):
        self._w('handler_task_start', task=self._task(task))

    def v2_playbook_on_no_hosts_matched(self):
        self._w('no_hosts_matched')

    def v2_playbook_on_no_hosts_remaining(self):
        self._w('no_hosts_remaining')

    def v2_playbook_on_notify(self, handler, host):
        self._w('notify', handler=handler.get_name(), host=host.get_name())

    def v2_playbook_on_include(self, included_file):
        self._w('include', file=included_file._filename, hosts=[h.name for h in included_file._hosts], vars=included_file._vars)

    def v2_runner_on_start(self, host, task):
        info = self._task(task)
        info.pop('args')
        self._w('runner_start', host=host.get_name(), task=info)

    def v2_runner_on_ok(self, result):
        self._w('runner_ok', **self._result(result))

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self._w('runner_failed', ignore_errors=ignore_errors, **self._result(result))

    def v2_runner_on_skipped(self, result):
        self._w('runner_skipped', **self._result(result))

    def v2_runner_on_unreachable(self, result):
        self._w('runner_unreachable', **self._result(result))

    def v2_runner_item_on_ok(self, result):
        self._w('item_ok', **self._result(result))

    def v2_runner_item_on_failed(self, result):
        self._w('item_failed', **self._result(result))

    def v2_runner_item_on_skipped(self, result):
        self._w('item_skipped', **self._result(result))

    def v2_runner_retry(self, result):
        self._w('runner_retry', **self._result(result))

    def v2_runner_on_async_poll(self, result):
        self._w('async_poll', **self._result(result))

    def v2_runner_on_async_ok(self, result):
        self._w('async_ok', **self._result(result))

    def v2_runner_on_async_failed(self, result):
        self._w('async_failed', **self._result(result))

    def v2_on_file_diff(self, result):
        self._w('file_diff', **self._result(result))

    def v2_playbook_on_stats(self, stats):
        hosts = sorted(stats.processed.keys())
        self._w('stats', hosts=hosts, summary={h: stats.summarize(h) for h in hosts}, custom=stats.custom)
