#!/usr/bin/env bash
# The Contribute and Review audit trail from the command line (issue 19): a local
# OpenAI-compatible server (scripts/fake_chat_server.py) plays three MT systems and two LLM
# verifiers that disagree; the demo translates, verifies with one verifier, then both (the
# disagreement is flagged), re-verifies with --force, sets a verdict by hand, and prints each
# verifier's Cohen's kappa against the human verdicts and the other verifier.
#   scripts/contribute-demo.sh [path/to/gauntlet]      (default: build/app/gauntlet)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gauntlet=${1:-$here/../build/app/gauntlet}
[ -x "$gauntlet" ] || { echo "contribute-demo: no gauntlet executable at $gauntlet (build it, or pass its path)" >&2; exit 1; }
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
python3 "$here/fake_chat_server.py" --port-file "$work/port" --log "$work/requests.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/port")/v1"
export GAUNTLET_PROFILE=demo-reviewer

g() {
    echo
    echo "\$ gauntlet $*"
    : > "$work/requests.log"
    # (the per-request progress lines of translate and verify are left out)
    "$gauntlet" --project "$work/demo.gauntlet" "$@" 2>&1 | sed -E '/^(example [0-9]+: verified|translated) [0-9]+ of [0-9]+$/d' \
        || echo "(exit status $?)"
    [ -s "$work/requests.log" ] && echo "[server: $(sort "$work/requests.log" | uniq -c | awk '{printf "%s %s requests; ", $1, $2}')]"
    return 0
}

for m in mt-literal mt-fluent mt-close; do g systems add "$m" --chat --base-url "$url" --model "$m"; done
g verifiers add strict --base-url "$url" --model judge-strict
g verifiers add lenient --base-url "$url" --model judge-lenient
g examples add --source-lang English --target-lang German --text "The nurse said he would come." \
    --reference "Der Krankenpfleger sagte, er werde kommen."
g examples rule 1 "The nurse must be rendered as a man (Krankenpfleger or Pfleger)."
g examples rule 1 "The reported speech uses the subjunctive (werde or würde)."
g translate 1
g verify 1 --verifier strict
g verify 1
g verify 1 --force --verifier lenient
g examples override 1 --system mt-fluent --rule 2 --verdict fail --reason "kommt is indicative: the lenient verifier missed it"
g examples override 1 --system mt-close --rule 1 --verdict pass --reason "Krankenpfleger: checked"
g examples override 1 --system mt-literal --rule 2 --verdict fail --reason "würde is the conditional; reported speech wants werde"
g examples show 1
g verifiers stats
g examples override 1 --system mt-literal --rule 2 --remove
