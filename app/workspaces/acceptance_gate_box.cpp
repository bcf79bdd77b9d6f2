#include "app/workspaces/acceptance_gate_box.h"

#include "engine/verify/example_store.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QLabel>
#include <QPushButton>

namespace gauntlet {

verify::ExampleAssessment assessLive(verify::ExampleStore &store, qint64 id, bool checkStringRules)
{
    const auto e = checkStringRules ? store.example(id) : std::nullopt;
    if (e) {
        verify::VerdictCache cache = store.verdicts(id);
        QStringList texts{e->reference};
        for (const verify::StoredTranslation &t : store.translations(id))
            texts << t.text;
        bool added = false;
        for (const verify::StoredRule &r : store.rules(id)) {
            if (!r.rule.isStringRule())
                continue;
            for (const QString &t : std::as_const(texts)) {
                if (t.trimmed().isEmpty() || cache.find(r.rule, {}, t))
                    continue;
                cache.insert(r.rule, {}, t, verify::VerdictRecord{verify::checkStringRule(r.rule, t), {}, {}, {}});
                added = true;
            }
        }
        if (added)
            store.saveVerdicts(id, cache);
    }
    return store.assess(id);
}

AcceptanceGateBox::AcceptanceGateBox(QWidget *parent) : QGroupBox(tr("Acceptance gate"), parent)
{
    setObjectName(QStringLiteral("acceptanceGateBox"));
    auto *gateLayout = new QHBoxLayout(this);
    m_gateLabel = new QLabel(this);
    m_gateLabel->setObjectName(QStringLiteral("gateLabel"));
    m_gateLabel->setWordWrap(true);
    m_gateLabel->setTextFormat(Qt::RichText);
    m_submitButton = new QPushButton(tr("&Submit for review"), this);
    m_submitButton->setObjectName(QStringLiteral("submitButton"));
    m_submitButton->setToolTip(tr("Enabled when the gate holds: the reference passes every rule and at most 2 MT outputs pass all rules"));
    // A gate of many lines (ten rules, stale outputs, agreement) scrolls instead of pushing the
    // page past a laptop screen (issue 35).
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("gateScroll"));
    scroll->setWidget(m_gateLabel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->viewport()->setAutoFillBackground(false);  // the group box's own background
    m_gateLabel->setAutoFillBackground(false);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumHeight(6 * fontMetrics().lineSpacing() + 4);  // six lines; more scroll
    m_gateLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    gateLayout->addWidget(scroll, 1);
    gateLayout->addWidget(m_submitButton, 0, Qt::AlignTop);
    connect(m_submitButton, &QPushButton::clicked, this, &AcceptanceGateBox::submitRequested);
}

void AcceptanceGateBox::showAssessment(const verify::ExampleAssessment &a, bool stale)
{
    const QString state = a.gate.state == verify::GateResult::State::Holds   ? tr("<b style='color:#2e7d32'>The gate holds.</b>")
                          : a.gate.state == verify::GateResult::State::Fails ? tr("<b style='color:#c62828'>The gate does not hold.</b>")
                                                                     : tr("<b style='color:#ef6c00'>The gate is undecided.</b>");
    QStringList lines;
    for (const QString &line : a.gate.explanation)
        lines << line.toHtmlEscaped();
    QString agreement;
    if (a.agreement.verifiers >= 2 && a.agreement.units > 0)
        agreement = tr("<br>Verifiers agree on %1 of %2 pairs%3.")
                        .arg(a.agreement.unanimous)
                        .arg(a.agreement.units)
                        .arg(a.agreement.alpha ? tr(" (Krippendorff's alpha %1)").arg(*a.agreement.alpha, 0, 'f', 2) : QString());
    if (stale)
        lines.prepend(tr("<b style='color:#c62828'>The source text changed after the MT outputs were made: translate again "
                         "(or remove the old outputs) before submitting.</b>"));
    m_gateLabel->setText(state + QStringLiteral("<br>") + lines.join(QStringLiteral("<br>")) + agreement);
}

void AcceptanceGateBox::showStartHint()
{
    m_gateLabel->setText(tr("Write the source text, the reference and rules, then translate and verify."));
}

void AcceptanceGateBox::setSubmitEnabled(bool enabled)
{
    m_submitButton->setEnabled(enabled);
}

}  // namespace gauntlet
