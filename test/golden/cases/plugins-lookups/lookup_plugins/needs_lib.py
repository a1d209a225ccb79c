import netaddr_not_installed_here  # noqa
