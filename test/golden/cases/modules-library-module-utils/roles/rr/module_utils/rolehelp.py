def hi():
    return 'hi from the role utils'
