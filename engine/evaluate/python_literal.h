// A strict reader of Python literals as Appraise writes them into CSV cells (str() of a list of
// dicts: single-quoted strings, None/True/False), e.g. [{'start_i': 0, 'end_i': 4,
// 'severity': 'minor'}]. It accepts only the literal subset of ast.literal_eval that such cells
// use: lists, tuples (read as lists), dicts with string keys, strings ('...' or "..." with the
// escapes \\ \' \" \n \r \t \xhh \uhhhh \Uhhhhhhhh), integers, floats, None, True and False,
// nested at most 32 deep. Nothing is evaluated; anything else is an error. JSON's
// null/true/false are accepted too (the web UI stores JSON in the same column).
#pragma once

#include <QJsonValue>
#include <QString>

namespace gauntlet::evaluate {

/// The literal `text` as JSON (None -> null, tuples -> arrays). Throws EvaluateError naming
/// `where` and the character position for anything that is not such a literal (including
/// trailing text and lone surrogates).
QJsonValue parsePythonLiteral(const QString &text, const QString &where);

/// Python's repr of `value` for the same subset: strings single-quoted with backslash escapes,
/// null -> None, true -> True, numbers as Python prints them (integral values without a point),
/// dict items as ", "-separated 'key': value pairs in the object's (sorted) key order.
QString toPythonLiteral(const QJsonValue &value);

}  // namespace gauntlet::evaluate
