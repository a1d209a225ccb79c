# copy with remote_src of a folder: how 2.19's copy module brings a host folder over another.
#
# A dest that does not exist yet is a full copy (shutil.copytree: the folders' modes and every
# file's mode and times kept, links kept as links). Over an existing dest only what differs moves:
# files whose content differs (filecmp's shallow test: same type, size and mtime count as the same)
# and entries only the source has, then the folders both have, one level at a time. Folders both
# have keep their own modes. owner and group go over the whole of dest afterwards.
import filecmp
import os
import shutil


def mirror_folder(src, dest, params, ctx):
    """Brings folder src into dest; returns whether anything changed (or would, in check mode)."""
    follow = params['local_follow']
    if not os.path.exists(dest):
        if not ctx.check_mode:
            shutil.copytree(src, dest, symlinks=not follow)
            _chown_tree(dest, params, ctx)
        return True
    # NOTE: each step runs whatever an earlier one found, as 2.19 computes them all before any()
    steps = [
        _copy_differing(src, dest, params, ctx),
        _copy_source_only(src, dest, params, ctx),
        _descend_common(src, dest, params, ctx),
        _chown_tree(dest, params, ctx),
    ]
    return any(steps)


def _chown(path, params, ctx):
    changed = ctx.set_owner_if_different(path, params['owner'], False)
    return ctx.set_group_if_different(path, params['group'], changed)


def _chown_tree(top, params, ctx):
    changed = False
    for folder, folders, files in os.walk(top):
        changed |= _chown(folder, params, ctx)
        for name in folders + files:
            changed |= _chown(os.path.join(folder, name), params, ctx)
    return changed


def _copy_differing(src, dest, params, ctx):
    differing = filecmp.dircmp(src, dest).diff_files
    if ctx.check_mode:
        return bool(differing)
    for name in differing:
        s, d = os.path.join(src, name), os.path.join(dest, name)
        if os.path.islink(s) and params['local_follow'] is False:
            os.symlink(os.readlink(s), d)
        else:
            shutil.copyfile(s, d)
            shutil.copymode(s, d)
        _chown(d, params, ctx)
    return bool(differing)


def _copy_source_only(src, dest, params, ctx):
    only = filecmp.dircmp(src, dest).left_only
    if ctx.check_mode:
        return bool(only)
    follow = params['local_follow']
    for name in only:
        s, d = os.path.join(src, name), os.path.join(dest, name)
        if os.path.islink(s):
            # NOTE: a link is followed only when local_follow is true, kept only when it is false:
            # left unset (the module's default), a link the source alone has is not copied
            if follow is True and os.path.isdir(s):
                shutil.copytree(s, d, symlinks=False)
                _chown_tree(d, params, ctx)
            elif follow is True and os.path.isfile(s):
                shutil.copyfile(s, d)
                _chown(d, params, ctx)
            elif follow is False and (os.path.isdir(s) or os.path.isfile(s)):
                os.symlink(os.readlink(s), d)
        elif os.path.isfile(s):
            shutil.copyfile(s, d)
            shutil.copymode(s, d)
            _chown(d, params, ctx)
        elif os.path.isdir(s):
            shutil.copytree(s, d, symlinks=not follow)
            _chown_tree(d, params, ctx)
    return bool(only)


def _descend_common(src, dest, params, ctx):
    changed = False
    for name in filecmp.dircmp(src, dest).common_dirs:
        s, d = os.path.join(src, name), os.path.join(dest, name)
        if _copy_differing(s, d, params, ctx) | _copy_source_only(s, d, params, ctx):
            changed = True
        changed = _descend_common(s, d, params, ctx) or changed
    return changed
