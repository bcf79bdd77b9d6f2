#include "models/beam_table_model.h"

#include <cmath>

namespace gauntlet {

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

QString changeList(const std::vector<ato::TokenChange> &changes)
{
    QStringList parts;
    for (const ato::TokenChange &c : changes)
        parts << QStringLiteral("%1 \u2192 %2").arg(qs(c.fromPiece).toHtmlEscaped(), qs(c.toPiece).toHtmlEscaped());
    return parts.join(QStringLiteral(", "));
}

}  // namespace

BeamTableModel::BeamTableModel(const RunTraceModel *source, QObject *parent) : TraceTableModel(ColumnCount, source, false, parent) {}

QString BeamTableModel::formatValue(double value)
{
    // Four decimals for the objective's terms (about 0-1), fewer for perplexities (tens to
    // thousands), so every value fits a narrow column (issue 18: "200.0..." in Compare).
    if (std::isnan(value))
        return QStringLiteral("\u2013");
    const double magnitude = std::abs(value);
    return QString::number(value, 'f', magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 4);
}

QString BeamTableModel::tooltipFor(const ato::BeamMemberRecord &m, const QString &parentText) const
{
    QString tip = QStringLiteral("<p>%1</p>").arg(qs(m.text).toHtmlEscaped());
    if (!m.changesVsSeed.empty())
        tip += tr("<p><b>Tokens changed against the seed:</b> %1</p>").arg(changeList(m.changesVsSeed));
    if (!m.changesVsParent.empty())
        tip += tr("<p><b>Substituted in this step:</b> %1</p>").arg(changeList(m.changesVsParent));
    if (!parentText.isEmpty())
        tip += tr("<p>Parent (rank %1 of the previous step): %2</p>").arg(m.parentRank).arg(parentText.toHtmlEscaped());
    if (m.injected)
        tip += tr("<p>Added to the beam by diversity injection.</p>");
    return tip;
}

void BeamTableModel::setStep(int row)
{
    beginResetModel();
    forgetSource();
    const RunTraceModel *trace = sourceTrace();
    if (trace && row >= 0 && row < int(trace->steps().size())) {
        const std::vector<ato::StepFinishedEvent> &steps = trace->steps();
        const ato::StepFinishedEvent &s = steps[size_t(row)];
        m_row = row;
        m_step = s.step;
        const QString seedText = s.phase == 2 && !trace->phase2Seed().isEmpty() ? trace->phase2Seed() : trace->seedText();
        const ato::StepFinishedEvent *previous = row > 0 && steps[size_t(row - 1)].phase == s.phase ? &steps[size_t(row - 1)] : nullptr;
        for (const ato::BeamMemberRecord &m : s.beam) {
            QString parentText;
            for (size_t p = 0; previous && m.parentRank >= 0 && p < previous->beam.size(); ++p) {
                if (previous->beam[p].rank == m.parentRank) {
                    parentText = qs(previous->beam[p].text);
                    break;
                }
            }
            m_shown.push_back({compareWords(qs(m.text), seedText, parentText), tooltipFor(m, parentText)});
        }
    }
    endResetModel();
}

void BeamTableModel::clear()
{
    beginResetModel();
    forgetSource();
    endResetModel();
}

void BeamTableModel::forgetSource()
{
    m_shown.clear();
    m_row = m_step = -1;
}

const std::vector<ato::BeamMemberRecord> &BeamTableModel::beam() const
{
    static const std::vector<ato::BeamMemberRecord> none;
    return m_row < 0 ? none : sourceTrace()->steps()[size_t(m_row)].beam;
}

QVariant BeamTableModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const Shown &row = m_shown[size_t(index.row())];
    const ato::BeamMemberRecord &m = beam()[size_t(index.row())];
    const auto value = [&]() -> double {
        switch (index.column()) {
        case RankColumn: return m.rank + 1;
        case DifficultyColumn: return m.values.difficulty;
        case FluencyColumn: return m.values.fluencyLoss;
        case CohesionColumn: return m.values.cohesionLoss;
        case LossColumn: return m.values.loss;
        case PerplexityColumn: return m.values.perplexity;
        case InjectedColumn: return m.injected ? 1 : 0;
        default: return ato::TermValues::unknown;
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn: return m.rank + 1;
        case TextColumn: return qs(m.text);
        case InjectedColumn: return m.injected ? tr("injected") : QString();
        default: return formatValue(value());
        }
    case ValueRole:
        if (index.column() == TextColumn)
            return qs(m.text);
        return std::isnan(value()) ? QVariant() : QVariant(value());  // unknown sorts first
    case SegmentsRole:
        return index.column() == TextColumn ? QVariant::fromValue(row.segments) : QVariant();
    case ChangesHtmlRole:
        return index.column() == TextColumn ? changesHtml(row.segments) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == TextColumn)
            return row.tooltip;
        if (index.column() == InjectedColumn && m.injected)
            return tr("Added by diversity injection (drawn at random from the rest of the pool)");
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == TextColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant BeamTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole)
        return columnTitle(section, {tr("Rank"), tr("Text"), tr("D"), tr("L_CoLA"), tr("L_cos"), tr("L"), tr("PPL"), tr("Injected")});
    if (role == Qt::ToolTipRole)
        return columnTitle(section, {tr("Rank in the beam (1 = lowest objective)"),
                                     tr("Amber: words changed against the seed; bold red: substituted in this step. Hover a word for the original."),
                                     tr("Difficulty D (Sentinel score; lower = harder to translate)"),
                                     tr("Fluency loss L_CoLA = -log P(acceptable)"),
                                     tr("Cohesion loss L_cos = 1 - cos(CLS, beam-mean CLS)"),
                                     tr("Objective L = D + lambda_f L_CoLA + lambda_c L_cos (phase 2: perplexity)"),
                                     tr("Perplexity under the language model, when known"),
                                     tr("Whether diversity injection added this member")});
    return {};
}

}  // namespace gauntlet
