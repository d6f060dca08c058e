#!/usr/bin/env bash
# Tags a release and makes its commit the API baseline (CONTRIBUTING.md, "Releasing").
#
#   Scripts/release.sh VERSION        for example: Scripts/release.sh 1.1.0
#
# Run it on the release commit: the commit whose CHANGELOG.md has the entry "## VERSION — date".
# It checks that the working tree is clean, that CHANGELOG.md has that entry and that the tag
# vVERSION does not exist yet; then it creates the annotated tag vVERSION on HEAD and writes
# HEAD's full commit id into .ci/api-baseline (its comment header naming VERSION). It commits
# nothing: add the line "API baseline: <id>" to the CHANGELOG entry and commit CHANGELOG.md and
# .ci/api-baseline together, since .ci/check-api refuses a baseline that CHANGELOG.md does not
# name. CI reads the commit id from .ci/api-baseline, never the tag.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: Scripts/release.sh VERSION   (for example: Scripts/release.sh 1.1.0)" >&2
  exit 2
fi
version=$1
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "error: VERSION must be MAJOR.MINOR.PATCH, such as 1.1.0 (found '$version')" >&2
  exit 2
fi
tag="v$version"
cd "$(git rev-parse --show-toplevel)"

if [ -n "$(git status --porcelain)" ]; then
  echo "error: the working tree is not clean; commit the release (or stash the rest) first:" >&2
  git status --short >&2
  exit 1
fi
if ! grep -qE "^## ${version//./\\.}( |$)" CHANGELOG.md; then
  echo "error: CHANGELOG.md has no entry for $version: its heading must read" \
    "'## $version — YYYY-MM-DD' (CONTRIBUTING.md, \"Releasing\")" >&2
  exit 1
fi
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
  echo "error: the tag $tag exists already (on $(git rev-parse --short "$tag^{commit}"))" >&2
  exit 1
fi
head=$(git rev-parse HEAD)
current=$(grep -v '^[[:space:]]*#' .ci/api-baseline | awk 'NF { print $1; exit }')
if [ "$current" = "$head" ]; then
  echo "error: .ci/api-baseline names HEAD already; run this on the release commit, before the" \
    "commit that records it" >&2
  exit 1
fi

git tag -a "$tag" -m "RACSwift $version" HEAD

# The comment header stays, its first line naming the release; the id replaces the old one.
header="# The commit whose public API .ci/check-api holds RACSwift and RACSwiftTesting to: release $version."
{
  echo "$header"
  awk 'NR > 1 && /^[[:space:]]*#/' .ci/api-baseline
  echo "$head"
} >.ci/api-baseline.new
mv .ci/api-baseline.new .ci/api-baseline

cat <<MESSAGE
Tagged $tag (annotated) on $head.
.ci/api-baseline now names that commit. To finish the release:
  1. In CHANGELOG.md, under "## $version", add the line:
       API baseline: \`$head\`
  2. Commit both files together (.ci/check-api fails if CHANGELOG.md does not name the baseline):
       git commit -m "$version: API baseline $(git rev-parse --short HEAD)" CHANGELOG.md .ci/api-baseline
  3. Push the commits and the tag:
       git push origin HEAD $tag
MESSAGE
