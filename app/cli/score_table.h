// The tables sacrebleu 2.6 prints for several systems, drawn as python-tabulate 0.8.9 draws them
// (sacrebleu's utils.print_results_table: tabulate(..., tablefmt="fancy_grid" for text or
// "latex_booktabs" for latex, colalign=("right",), stralign="center", numalign="center")), so
// `gauntlet score` prints the same bytes.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace gauntlet::cli {

enum class TableStyle {
    FancyGrid,      ///< box-drawing grid; a cell with '\n' spans several lines
    LatexBooktabs,  ///< \begin{tabular} ... \bottomrule, LaTeX's special characters escaped
};

/// The table as tabulate returns it (no final newline). `headers` names the columns; `rows` holds
/// one cell per column. The first column is right-aligned, every other one centred. Widths count
/// code points, as tabulate does without the wcwidth module (East Asian wide characters count
/// one). Cells are shown as given: sacrebleu's cells are already formatted to the width, which
/// tabulate's number formatting would leave unchanged.
QString tabulateTable(const QStringList &headers, const std::vector<QStringList> &rows, TableStyle style);

}  // namespace gauntlet::cli
