#!/usr/bin/env python3
"""A local stand-in for an OpenAI-compatible chat-completions server, for the Contribute demo
(scripts/contribute-demo.sh) only: standard library, 127.0.0.1, deterministic replies.

Models:
  mt-literal, mt-fluent, mt-close   MT systems: each returns one fixed German translation.
  judge-strict                      a verifier that checks both demo rules correctly.
  judge-lenient                     a verifier that checks the nurse rule but passes every
                                    translation on the mood rule (so the two disagree there).
Writes the port it listens on to --port-file, and one line per request to --log.
"""
import argparse
import json
import re
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TRANSLATIONS = {
    "mt-literal": "Die Krankenschwester sagte, sie würde kommen.",
    "mt-fluent": "Der Pfleger sagte, er kommt gleich.",
    "mt-close": "Der Krankenpfleger sagte, er würde kommen.",
}


def verdict(model, rule, translation):
    if "nurse" in rule:  # rule 1: the nurse is a man
        ok = "Krankenschwester" not in translation and "pfleger" in translation.lower()
        return "PASS" if ok else "FAIL\n\nExplanation: 'Krankenschwester' is a woman; the source's nurse is a man."
    # rule 2: reported speech in the subjunctive (werde / würde)
    if model == "judge-lenient":
        return "Pass.\n\nThe reported speech reads naturally."
    ok = re.search(r"\b(werde|würde)\b", translation) is not None
    return "pass" if ok else "fail\n\nExplanation: 'kommt' is indicative; reported speech needs werde or würde."


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        model = body.get("model", "")
        prompt = body["messages"][-1]["content"]
        if model in TRANSLATIONS:
            content = TRANSLATIONS[model]
        else:
            rule = re.search(r"Criterion: (.*)", prompt).group(1)
            translation = re.search(r"Translation to verify: (.*)", prompt).group(1)
            content = verdict(model, rule, translation)
        with open(self.server.log, "a", encoding="utf-8") as log:
            log.write(f"{model}\n")
        reply = {"id": "demo", "object": "chat.completion",
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant", "content": content}}]}
        data = json.dumps(reply).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.log = args.log
    with open(args.port_file, "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
