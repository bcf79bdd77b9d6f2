// Prompt templates for chat-completions MT systems and LLM verifiers, with {name} placeholders.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace gauntlet::translate {

/// The translation prompt of LTB's text translations (papers.md, LTB section; the wording of its
/// published server code), plus a line for the context note. Placeholders:
/// {source_lang}, {target_lang}, {source_text}, {instructions}, {context}. The instructions and
/// context lines are optional: a line whose placeholders are all empty is left out.
QString defaultTranslationPrompt();

/// LTB's verifier prompt, verbatim with paragraph breaks (papers.md, LTB section). Placeholders:
/// {rule}, {source}, {translation}.
QString defaultVerifierPrompt();

/// Fills `templ` in one pass: each {name} with a key in `values` is replaced by its value, so
/// braces inside the values are never expanded again; unknown {names} stay as written. A line
/// that holds at least one placeholder and whose placeholders are all empty is dropped (an
/// optional section), and runs of blank lines left behind are collapsed to one.
QString fillPromptTemplate(const QString &templ, const QHash<QString, QString> &values);

/// The placeholders of `required` that `templ` lacks (empty when it has them all).
QStringList missingPlaceholders(const QString &templ, const QStringList &required);

}  // namespace gauntlet::translate
