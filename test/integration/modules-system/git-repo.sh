#!/bin/sh
# Source repositories for the git case, with fixed authors and dates so every host gets the
# same commit ids: /srv/src (main: one, two; tags v1, annotated v2; branch dev) and a bare
# clone /srv/src.git. With "more", one commit more on main, pushed to the bare clone.
set -e
export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=T GIT_COMMITTER_EMAIL=t@e
export GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z
if [ "$1" = more ]; then
  export GIT_AUTHOR_DATE=2020-01-02T00:00:00Z GIT_COMMITTER_DATE=2020-01-02T00:00:00Z
  cd /srv/src && echo three >> a.txt && git commit -qam three && git push -q /srv/src.git main
  exit 0
fi
rm -rf /srv/src /srv/src.git
mkdir -p /srv/src && cd /srv/src
git init -q -b main .
echo one > a.txt && git add a.txt && git commit -q -m one && git tag v1
echo two >> a.txt && git commit -qam two && git tag -a v2 -m "annotated v2"
git checkout -q -b dev && echo dev > d.txt && git add d.txt && git commit -qm dev && git checkout -q main
git clone -q --bare /srv/src /srv/src.git
