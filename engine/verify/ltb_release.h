// Exchange with the Last Translation Benchmark's release format (v1.json; papers.md, LTB
// section): a JSON array of examples with id, source_text, source_lang, target_lang,
// source_lang_iso, target_lang_iso, source_instructions, source_media, attribution,
// verification_rules, translations [{model, translation, verified: [bool|null per rule]}],
// linguistics and tags. The human reference is the translation whose model is "human".
#pragma once

#include "engine/verify/example_store.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace gauntlet::verify {

/// The model name of the reference translation in LTB releases.
inline QString ltbReferenceModel() { return QStringLiteral("human"); }
/// The verifier name under which imported "verified" values of natural-language rules are stored.
inline QString ltbImportedVerifierName() { return QStringLiteral("LTB release"); }

/// Parses an LTB release. Rules may be strings or objects {"value"} (natural language) or
/// {"type": contains | not_contains | regex | llm, "value", "case_sensitive", "normalization"}.
/// String rules' verdicts are recomputed locally; natural-language rules' "verified" values become
/// verdicts of ltbImportedVerifierName() (null: no verdict). Examples get status accepted.
/// source_text may be null (a media-only example: source_media, kept as the context note, is
/// the source); a null translation is a system that gave none.
/// Throws InputFileError naming `name` and the offending field (e.g. "[3].translations[1].model:
/// expected a string") for bytes that are not UTF-8, not JSON (LTB's taxonomy file has a trailing
/// comma, which is refused), or lack a required field.
QVector<ExampleBundle> parseLtbRelease(const QByteArray &bytes, const QString &name);

/// Writes examples `ids` as an LTB release (indented JSON array). "verified" holds each row's
/// verdict per rule (true, false, or null when unknown); where a reviewer set a verdict by hand it
/// is that human verdict, and the translation's extra key "human_verdicts" lists them
/// ([{"rule": 1-based, "verdict": "pass"|"fail", "reason", "reviewer", "time"}]; import reads it). Gauntlet's extras (author, string-rule
/// options) ride along as extra keys, so export -> import -> export gives the same file.
/// Throws StoreError for an unknown id.
QByteArray writeLtbRelease(ExampleStore &store, const QVector<qint64> &ids);

}  // namespace gauntlet::verify
