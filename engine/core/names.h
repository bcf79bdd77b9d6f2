// Names users give things (campaigns, annotators, MT systems, verifiers, seed sets, taxonomies,
// corpora): one line of visible text. A name is printed in TSV lists, on the terminal and in the
// window, so control characters (a tab or newline breaks a TSV list, ESC starts a terminal escape
// sequence) and bidirectional controls (U+202E reverses the text around it) are refused (issue 39).
#pragma once

#include <QString>

namespace gauntlet::core {

/// Why `name` cannot be a name, or an empty string when it can: blank, longer than `maxLength`
/// code points, not valid Unicode, or holding a control character (C0 including tab and newline,
/// DEL, C1) or a bidirectional formatting character (U+200E, U+200F, U+202A-U+202E,
/// U+2066-U+2069), named with its code point and position.
QString nameProblem(const QString &name, int maxLength);

}  // namespace gauntlet::core
