# What setup's mount facts and mount_facts share (a helper module: shipped with the modules that
# import it, never run as a task): a mounted filesystem's sizes, as ansible's get_mount_size gives.
import os


def mount_size(path):
    try:
        st = os.statvfs(path)
    except OSError:
        return {}
    return {
        'size_total': st.f_frsize * st.f_blocks, 'size_available': st.f_frsize * st.f_bavail,
        'block_size': st.f_bsize, 'block_total': st.f_blocks, 'block_available': st.f_bavail,
        'block_used': st.f_blocks - st.f_bavail, 'inode_total': st.f_files, 'inode_available': st.f_favail,
        'inode_used': st.f_files - st.f_favail,
    }
