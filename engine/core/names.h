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

/// `text` as a window or list shows it: control characters and bidirectional controls (those
/// nameProblem refuses) become visible escapes ("<U+202E>"), so a name stored before names were
/// checked, or read from a file, can neither break a line nor reverse the text around it.
QString displayText(const QString &text);

/// A file name made from `name` for a save dialog's suggestion: letters, digits, '-', '_' and '.'
/// kept, every other run of characters (path separators, spaces, controls) one '-', no leading or
/// trailing '.' or '-', at most 80 characters; "export" when nothing is left ("../../etc/passwd"
/// gives "etc-passwd", never a path).
QString safeFileName(const QString &name);

}  // namespace gauntlet::core
