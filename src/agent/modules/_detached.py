# What service and sysvinit share (a helper module: shipped with the modules that import it, never
# run as a task): running a service command detached from the module, as ansible's daemonize does.
import json
import os
import subprocess


def run_detached(argv, env=None, decode_errors='replace'):
    """Runs argv in a double-forked child (its own session, cwd /, stdio on /dev/null), so a daemon
    that keeps the output pipes open cannot hang the module; only (rc, out, err) come back."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            fd = os.open(os.devnull, os.O_RDWR)
            for num in range(3):
                if fd != num:
                    os.dup2(fd, num)
            if os.fork() > 0:
                os._exit(0)
            os.setsid()
            os.chdir('/')
            if os.fork() > 0:
                os._exit(0)
            p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            out, err = p.communicate()
            os.write(write_end, json.dumps([p.returncode, out.decode('utf-8', decode_errors),
                                            err.decode('utf-8', decode_errors)]).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    os.waitpid(pid, 0)
    data = b''
    while True:
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        data += chunk
    os.close(read_end)
    return json.loads(data.decode())
