#include "app/workspaces/evaluate_annotation.h"
#include "widgets/score_slider.h"

#include "engine/evaluate/quality_control.h"
#include "engine/evaluate/campaign_store.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSlider>
#include <QTextEdit>
#include <QTime>
#include <QVBoxLayout>

namespace gauntlet {

namespace {
/// Messages under the items are problems (in red) unless they say the work is done.
const QString ErrorStyle = QStringLiteral("color: #b00020;");
}  // namespace

using namespace evaluate;

namespace {

const QColor MinorColour(0xff, 0xe0, 0x80);  ///< span highlight, minor (amber)
const QColor MajorColour(0xf4, 0xa0, 0xa0);  ///< span highlight, major (red), also underlined

/// A small filled square: the legend of a severity on its button and in the span list.
QIcon swatch(const QColor &colour)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(colour);
    QPainter painter(&pixmap);
    painter.setPen(colour.darker(160));
    painter.drawRect(0, 0, 11, 11);
    return QIcon(pixmap);
}

QString bandText(int score)
{
    switch (scoreBand(score)) {
    case ScoreBand::VeryGood: return QObject::tr("85-100: very good");
    case ScoreBand::Good: return QObject::tr("65-80: good");
    case ScoreBand::Acceptable: return QObject::tr("45-60: acceptable");
    case ScoreBand::Borderline: return QObject::tr("25-40: borderline");
    case ScoreBand::NotAcceptable: break;
    }
    return QObject::tr("0-20: not acceptable");
}

}  // namespace

TranslationCard::TranslationCard(const QString &label, const QString &text, QWidget *parent)
    : QFrame(parent), m_textValue(text), m_text(new QTextEdit(this)), m_spans(new QListWidget(this)),
      m_slider(new ScoreSlider(this)), m_scoreLabel(new QLabel(this)), m_warning(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(QStringLiteral("<b>%1</b>").arg(label.toHtmlEscaped()), this);
    layout->addWidget(title);
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    QFont textFont = m_text->font();
    textFont.setPointSizeF(textFont.pointSizeF() * 1.15);  // the text under judgement reads first
    m_text->setFont(textFont);
    m_text->setPlainText(text);  // bidi per paragraph: Arabic/Hebrew lines run right to left
    m_text->setAccessibleName(tr("Translation %1").arg(label));
    // as tall as the text (no empty box under a one-line translation), up to about six lines
    connect(m_text->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this, [this](const QSizeF &size) {
        const int height = int(std::ceil(size.height())) + 2 * m_text->frameWidth() + 2;
        m_text->setFixedHeight(std::clamp(height, m_text->fontMetrics().lineSpacing() + 12, 6 * m_text->fontMetrics().lineSpacing() + 12));
    });
    m_text->setFixedHeight(2 * m_text->fontMetrics().lineSpacing() + 12);
    m_text->installEventFilter(this);
    m_text->setToolTip(tr("Select text, then press 1 (minor) or 2 (major); M marks an omission."));
    layout->addWidget(m_text);
    auto *buttons = new QHBoxLayout;
    auto *minor = m_minor = new QPushButton(tr("Minor (1)"), this);
    auto *major = m_major = new QPushButton(tr("Major (2)"), this);
    auto *missing = m_missing = new QPushButton(tr("[missing] (M)"), this);
    for (QPushButton *b : {minor, major, missing})
        b->setFocusPolicy(Qt::NoFocus);  // keep the selection in the text
    minor->setIcon(swatch(MinorColour));
    major->setIcon(swatch(MajorColour));
    minor->setToolTip(tr("Mark the selected text as a minor error (key 1)"));
    major->setToolTip(tr("Mark the selected text as a major error (key 2)"));
    missing->setToolTip(tr("Something is missing from the translation: mark an omission (key M; again to remove it)"));
    connect(minor, &QPushButton::clicked, this, [this] { markSelection(Severity::Minor); });
    connect(major, &QPushButton::clicked, this, [this] { markSelection(Severity::Major); });
    connect(missing, &QPushButton::clicked, this, [this] { toggleMissing(Severity::Major); });
    buttons->addWidget(minor);
    buttons->addWidget(major);
    buttons->addWidget(missing);
    m_category = new QComboBox(this);
    m_category->setObjectName(QStringLiteral("spanCategory"));
    m_category->setFocusPolicy(Qt::NoFocus);  // keep the selection in the text; key C steps through it
    m_category->setToolTip(tr("MQM error category of the next span you mark (key C: next category)"));
    m_category->setAccessibleName(tr("Error category"));
    m_category->setVisible(false);
    buttons->addWidget(m_category);
    buttons->addStretch(1);
    m_snap = new QCheckBox(tr("Snap to words"), this);
    m_snap->setFocusPolicy(Qt::NoFocus);
    m_snap->setToolTip(tr("Grow a selection to whole words (CJK text: to whole characters)."));
    buttons->addWidget(m_snap);
    layout->addLayout(buttons);
    m_spans->installEventFilter(this);
    m_spans->setToolTip(tr("Delete removes the span, S switches minor/major."));
    m_spans->setAccessibleName(tr("Marked errors"));
    layout->addWidget(m_spans);
    m_noSpans = new QLabel(tr("No errors marked."), this);
    m_noSpans->setStyleSheet(QStringLiteral("color: palette(dark);"));
    layout->addWidget(m_noSpans);
    auto *scoreRow = new QHBoxLayout;
    m_slider->setRange(0, 100);
    m_slider->setSingleStep(5);
    m_slider->setPageStep(20);
    m_slider->setTickInterval(5);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setToolTip(tr("Score 0-100 in steps of 5 (arrow keys: 5, Page Up/Down: 20)."));
    m_slider->setValue(50);  // an unset score rests in the middle, drawn hollow, and reads "not set"
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        const int snapped = (v + 2) / 5 * 5;
        if (snapped != v) {
            m_slider->setValue(snapped);
            return;
        }
        const bool wasUnset = !m_score.has_value();
        if (!wasUnset && *m_score == snapped)
            return;
        m_score = snapped;
        refresh();
        Q_EMIT changed(QStringLiteral("score"), QString::number(snapped));
    });
    // a click or key on an unset slider sets it even when the value does not move
    connect(m_slider, &QSlider::sliderPressed, this, [this] {
        if (!m_score) {
            m_score = m_slider->value();
            refresh();
            Q_EMIT changed(QStringLiteral("score"), QString::number(*m_score));
        }
    });
    auto *scoreCaption = new QLabel(tr("&Score:"), this);
    scoreCaption->setBuddy(m_slider);
    m_slider->setAccessibleName(tr("Score of translation %1").arg(label));
    scoreRow->addWidget(scoreCaption);
    scoreRow->addWidget(m_slider, 1);
    m_scoreLabel->setMinimumWidth(180);
    scoreRow->addWidget(m_scoreLabel);
    layout->addLayout(scoreRow);
    m_warning->setStyleSheet(QStringLiteral("color: #a15c00;"));
    m_warning->setWordWrap(true);
    layout->addWidget(m_warning);
    refresh();
}

bool TranslationCard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (watched == m_text) {
            if (key->key() == Qt::Key_1 && key->modifiers() == Qt::NoModifier)
                return markSelection(Severity::Minor), true;
            if (key->key() == Qt::Key_2 && key->modifiers() == Qt::NoModifier)
                return markSelection(Severity::Major), true;
            if (key->key() == Qt::Key_M && key->modifiers() == Qt::NoModifier)
                return toggleMissing(Severity::Major), true;
            if (key->key() == Qt::Key_C && key->modifiers() == Qt::NoModifier && m_category->count() > 0) {
                m_category->setCurrentIndex((m_category->currentIndex() + 1) % m_category->count());
                return true;
            }
        } else if (watched == m_spans && m_spans->currentRow() >= 0) {
            const int row = m_spans->currentRow();
            if (key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace) {
                m_spanValues.removeAt(row);
                refresh();
                Q_EMIT changed(QStringLiteral("span_delete"), QString::number(row));
                return true;
            }
            if (key->key() == Qt::Key_S) {
                ErrorSpan &s = m_spanValues[row];
                s.severity = s.severity == Severity::Minor ? Severity::Major : Severity::Minor;
                refresh();
                m_spans->setCurrentRow(row);
                Q_EMIT changed(QStringLiteral("severity"), severityName(s.severity));
                return true;
            }
        }
    }
    return QFrame::eventFilter(watched, event);
}

bool TranslationCard::markSelection(Severity severity)
{
    const QTextCursor cursor = m_text->textCursor();
    if (!cursor.hasSelection())
        return false;
    int start = codePointIndex(m_textValue, cursor.selectionStart());
    int end = codePointIndex(m_textValue, cursor.selectionEnd()) - 1;
    if (end < start)
        return false;
    if (m_snap->isChecked()) {
        const auto snapped = snapToWords(m_textValue, start, end);
        if (!snapped)
            return false;
        start = snapped->first;
        end = snapped->second;
    }
    QVector<ErrorSpan> next = m_spanValues;
    next << ErrorSpan{start, end, severity, false, chosenCategory()};
    try {
        validateSpans(next, m_textValue, QString());
    } catch (const std::exception &) {
        return false;  // overlaps a span
    }
    m_spanValues = next;
    QTextCursor plain = m_text->textCursor();
    plain.clearSelection();  // the highlight of the new span shows, not the selection
    m_text->setTextCursor(plain);
    refresh();
    Q_EMIT changed(QStringLiteral("span_add"), QStringLiteral("%1-%2 %3").arg(start).arg(end).arg(severityName(severity)));
    return true;
}

void TranslationCard::toggleMissing(Severity severity)
{
    for (int i = 0; i < m_spanValues.size(); ++i)
        if (m_spanValues[i].missing) {
            m_spanValues.removeAt(i);
            refresh();
            Q_EMIT changed(QStringLiteral("span_delete"), QStringLiteral("[missing]"));
            return;
        }
    ErrorSpan omission = ErrorSpan::omission(severity);
    omission.category = chosenCategory();
    m_spanValues << omission;
    refresh();
    Q_EMIT changed(QStringLiteral("span_add"), QStringLiteral("[missing] %1").arg(severityName(severity)));
}

void TranslationCard::setCategories(const QStringList &categories)
{
    m_category->clear();
    m_category->addItems(categories);
    m_category->setVisible(!categories.isEmpty());
}

QString TranslationCard::chosenCategory() const
{
    return m_category->count() > 0 ? m_category->currentText() : QString();
}

void TranslationCard::setScore(std::optional<int> score)
{
    m_score = score;
    const QSignalBlocker block(m_slider);
    m_slider->setValue(score.value_or(50));
    refresh();
}

TranslationJudgement TranslationCard::judgement() const
{
    return {QString(), m_score, m_spanValues};
}

void TranslationCard::setJudgement(const TranslationJudgement &j)
{
    m_spanValues = j.spans;
    setScore(j.score);
}

void TranslationCard::refresh()
{
    QList<QTextEdit::ExtraSelection> selections;
    m_spans->clear();
    for (const ErrorSpan &s : m_spanValues) {
        const bool major = s.severity == Severity::Major;
        const QString what = s.missing ? QStringLiteral("[missing]") : s.textIn(m_textValue);
        const QString severity = major ? tr("major") : tr("minor");
        m_spans->addItem(s.category.isEmpty() ? QStringLiteral("%1: %2").arg(severity, what)
                                              : QStringLiteral("%1 · %2: %3").arg(severity, s.category, what));
        m_spans->item(m_spans->count() - 1)->setIcon(swatch(major ? MajorColour : MinorColour));
        if (s.missing)
            continue;
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(m_text->document());
        sel.cursor.setPosition(utf16Index(m_textValue, s.start));
        sel.cursor.setPosition(utf16Index(m_textValue, s.end + 1), QTextCursor::KeepAnchor);
        sel.format.setBackground(major ? MajorColour : MinorColour);
        sel.format.setForeground(Qt::black);  // readable on the light highlight under a dark theme too
        sel.format.setUnderlineStyle(major ? QTextCharFormat::SingleUnderline : QTextCharFormat::DotLine);
        selections << sel;
    }
    m_text->setExtraSelections(selections);
    // the list is as long as its spans (up to four rows, then it scrolls); a hint when there are none
    m_spans->setVisible(!m_spanValues.isEmpty());
    m_noSpans->setVisible(m_spanValues.isEmpty());
    if (!m_spanValues.isEmpty()) {
        const int rows = std::min<int>(int(m_spanValues.size()), 4);
        m_spans->setFixedHeight(rows * std::max(m_spans->sizeHintForRow(0), 16) + 2 * m_spans->frameWidth() + 2);
    }
    if (m_score) {
        m_scoreLabel->setText(QStringLiteral("<b>%1</b> &middot; %2").arg(*m_score).arg(bandText(*m_score).toHtmlEscaped()));
        m_slider->setStyleSheet(QString());
    } else {
        m_scoreLabel->setText(QStringLiteral("<i>%1</i>").arg(tr("not set").toHtmlEscaped()));
        // unset: a grey groove with nothing filled and a hollow handle, so no value is suggested
        m_slider->setStyleSheet(QStringLiteral(
            "QSlider::groove:horizontal { height: 4px; background: palette(midlight); border: 1px solid palette(mid); border-radius: 2px; }"
            "QSlider::sub-page:horizontal { background: palette(midlight); }"
            "QSlider::handle:horizontal { background: transparent; border: 1px dashed gray; width: 12px; margin: -7px 0; border-radius: 3px; }"));
    }
    m_warning->setText(m_score && needsSpanWarning(*m_score, m_spanValues)
                           ? tr("The score is below 85 but no error is marked: mark the errors you see, or raise the score.")
                           : QString());
}

// --- AnnotationPanel -------------------------------------------------------------------------------

AnnotationPanel::AnnotationPanel(QWidget *parent)
    : QWidget(parent), m_progress(new QLabel(this)), m_instructions(new QLabel(this)), m_sourceCaption(new QLabel(this)), m_source(new QLabel(this)),
      m_rules(new QLabel(this)), m_cardArea(new QWidget(this)), m_cardLayout(new QVBoxLayout(m_cardArea)),
      m_formArea(new QWidget(this)), m_formLayout(new QVBoxLayout(m_formArea)), m_message(new QLabel(this)),
      m_back(new QPushButton(tr("Back"), this)), m_next(new QPushButton(tr("Next"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_progress);
    m_instructions->setWordWrap(true);
    layout->addWidget(m_instructions);
    m_source->setWordWrap(true);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setFrameShape(QFrame::StyledPanel);
    m_source->setMargin(4);
    m_source->setTextFormat(Qt::PlainText);
    QFont sourceFont = m_source->font();
    sourceFont.setPointSizeF(sourceFont.pointSizeF() * 1.15);
    m_source->setFont(sourceFont);
    m_sourceCaption->setObjectName(QStringLiteral("sourceCaption"));
    m_sourceCaption->setTextFormat(Qt::RichText);
    m_sourceCaption->setText(QStringLiteral("<b>%1</b>").arg(tr("Source").toHtmlEscaped()));
    layout->addWidget(m_sourceCaption);
    layout->addWidget(m_source);
    m_rules->setWordWrap(true);
    m_rules->setObjectName(QStringLiteral("rulesLabel"));
    layout->addWidget(m_rules);
    auto *scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setObjectName(QStringLiteral("annotationScroll"));
    scroll->setWidgetResizable(true);
    auto *inner = new QWidget(scroll);
    auto *innerLayout = new QVBoxLayout(inner);
    innerLayout->addWidget(m_cardArea);
    innerLayout->addWidget(m_formArea);
    innerLayout->addStretch(1);
    scroll->setWidget(inner);
    layout->addWidget(scroll, 1);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(ErrorStyle);
    layout->addWidget(m_message);
    auto *nav = new QHBoxLayout;
    m_back->setToolTip(tr("Back to the previous item (Alt+Left)"));
    m_next->setToolTip(tr("Save and go on (Ctrl+Return)"));
    nav->addWidget(m_back);
    nav->addStretch(1);
    nav->addWidget(m_next);
    layout->addLayout(nav);
    connect(m_next, &QPushButton::clicked, this, &AnnotationPanel::next);
    connect(m_back, &QPushButton::clicked, this, &AnnotationPanel::back);
    auto *nextKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(nextKey, &QShortcut::activated, this, &AnnotationPanel::next);
    auto *backKey = new QShortcut(QKeySequence(Qt::ALT | Qt::Key_Left), this);
    connect(backKey, &QShortcut::activated, this, &AnnotationPanel::back);
    auto steady = std::make_shared<QElapsedTimer>();
    steady->start();
    m_clock = [steady] { return steady->elapsed(); };
    qApp->installEventFilter(this);  // input anywhere in the panel counts as activity
    setEnabled(false);
}

AnnotationPanel::~AnnotationPanel()
{
    qApp->removeEventFilter(this);
}

bool AnnotationPanel::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (m_store && (type == QEvent::KeyPress || type == QEvent::MouseButtonPress || type == QEvent::Wheel) && watched->isWidgetType()) {
        auto *widget = static_cast<QWidget *>(watched);
        if (widget == this || isAncestorOf(widget))
            noteInput();
    }
    return QWidget::eventFilter(watched, event);
}

void AnnotationPanel::noteInput()
{
    const qint64 now = m_clock();
    m_visitMs += activeGapMs(now - m_lastInputAt);
    m_lastInputAt = now;
}

qint64 AnnotationPanel::itemElapsedMs() const
{
    return m_elapsedBase + m_visitMs + activeGapMs(m_clock() - m_lastInputAt);
}

QString AnnotationPanel::timeKey() const
{
    return m_campaign.items[m_assignment.items[m_position].itemIndex].key + u'|' + QString::number(m_stage);
}

void AnnotationPanel::keepUnsavedTime()
{
    if (!m_store || m_assignment.items.isEmpty())
        return;
    const qint64 unsaved = itemElapsedMs() - m_persistedMs;
    if (unsaved > 0)
        m_unsavedMs.insert(timeKey(), unsaved);
}

void AnnotationPanel::open(evaluate::CampaignStore *store, qint64 campaignId, const QString &annotator)
{
    if (store != m_store || campaignId != m_campaignId || annotator != m_annotator)
        m_unsavedMs.clear();  // item keys are per campaign
    m_store = store;
    m_campaignId = campaignId;
    m_annotator = annotator;
    m_campaign = store->campaign(campaignId);
    m_assignment = store->assignment(campaignId, annotator);
    const evaluate::CampaignStore::Progress p = store->progress(campaignId, annotator);
    m_position = std::min(p.position, int(m_assignment.items.size()) - 1);
    m_stage = p.position >= m_assignment.items.size() ? m_campaign.stages() : p.stage;
    m_instructions->setText(m_campaign.options.instructions);
    m_instructions->setVisible(!m_campaign.options.instructions.isEmpty());
    setEnabled(true);
    log(QStringLiteral("open"));
    showCurrent();
}

void AnnotationPanel::close()
{
    keepUnsavedTime();
    m_store = nullptr;
    setEnabled(false);
}

void AnnotationPanel::log(const QString &action, const QString &detail)
{
    if (!m_store)
        return;
    const QString key = m_position < m_assignment.items.size() ? m_campaign.items[m_assignment.items[m_position].itemIndex].key : QString();
    m_store->log(m_campaignId, m_annotator, key, m_stage, action, detail);
}

void AnnotationPanel::persist(const QString &action, const QString &detail)
{
    if (!m_store)
        return;
    const QString key = m_campaign.items[m_assignment.items[m_position].itemIndex].key;
    try {
        const Answer answer = currentAnswer();
        m_store->saveDraft(m_campaignId, m_annotator, key, answer, action, detail);
        m_persistedMs = answer.elapsedMs;
        m_progress->setText(m_progressText + tr(" · saved %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
    } catch (const std::exception &e) {
        m_message->setStyleSheet(ErrorStyle);
        m_message->setText(tr("Not saved: %1").arg(QString::fromStdString(e.what())));
    }
}

void AnnotationPanel::showCurrent()
{
    clearItem();
    const AssignedItem &assigned = m_assignment.items[m_position];
    const CampaignItem &item = m_campaign.items[assigned.itemIndex];
    QString progress = showItemHeader(assigned, item);
    const std::optional<Answer> stored = restoreAnswer(item, progress);
    addCards(assigned, item, stored);
    addLikertForm(assigned, item, stored);
    addRuleForm(item, stored);
    m_back->setEnabled(m_position > 0 || m_stage > 1);
    updateLock();
    if (!m_cards.isEmpty())
        m_cards.first()->textView()->setFocus();
}

void AnnotationPanel::clearItem()
{
    qDeleteAll(m_cards);
    m_cards.clear();
    qDeleteAll(m_formArea->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly));
    m_ruleBoxes.clear();
    m_likertBoxes.clear();
    m_passBox = nullptr;
    m_message->clear();
    // every item starts at the top, candidate A in view (issue 20: it opened where the last one was)
    m_scroll->verticalScrollBar()->setValue(0);
    m_scroll->horizontalScrollBar()->setValue(0);
}

QString AnnotationPanel::showItemHeader(const AssignedItem &assigned, const CampaignItem &item)
{
    m_labels.clear();
    for (int pos = 0; pos < assigned.systemOrder.size(); ++pos)
        m_labels << shownSystemLabel(m_campaign, item, assigned, pos);
    QString progress = tr("Item %1 of %2").arg(m_position + 1).arg(m_assignment.items.size());
    if (m_campaign.stages() == 2)
        progress += tr(" · stage %1 of 2").arg(m_stage);
    if (item.check == CheckKind::Tutorial)
        progress += tr(" · tutorial");
    m_progressText = progress;
    m_progress->setText(progress);
    m_source->setText(item.source);
    // each item names its own pair: a campaign may mix target languages (issue 20)
    const QString from = m_campaign.sourceLanguageOf(item), to = m_campaign.targetLanguageOf(item);
    QString caption = QStringLiteral("<b>%1</b>").arg(tr("Source").toHtmlEscaped());
    // A side the item does not name is left out rather than shown as "?".
    if (!from.isEmpty() && !to.isEmpty())
        caption += QStringLiteral(" &nbsp;") + tr("(%1 → %2)").arg(from, to).toHtmlEscaped();
    else if (!from.isEmpty())
        caption += QStringLiteral(" &nbsp;") + tr("(%1)").arg(from).toHtmlEscaped();
    else if (!to.isEmpty())
        caption += QStringLiteral(" &nbsp;") + tr("(→ %1)").arg(to).toHtmlEscaped();
    m_sourceCaption->setText(caption);
    showItemRules(item);
    return progress;
}

void AnnotationPanel::showItemRules(const CampaignItem &item)
{
    const bool showRules = !item.rules.isEmpty() && (m_stage == 2 || m_campaign.protocol == Protocol::RuleForm);
    m_rules->setVisible(showRules);
    if (showRules) {
        QStringList lines;
        for (int i = 0; i < item.rules.size(); ++i)
            lines << QStringLiteral("• ") + ruleLabel(item, i).toHtmlEscaped();
        m_rules->setText(QStringLiteral("<b>%1</b><br>%2").arg(tr("Verification rules:").toHtmlEscaped(), lines.join(QStringLiteral("<br>"))));
    }
}

std::optional<Answer> AnnotationPanel::restoreAnswer(const CampaignItem &item, QString &progress)
{
    // an unfinished answer autosaved after the last Next (or a crash) wins over the saved one
    std::optional<Answer> draft, stored;
    try {
        draft = m_store->draft(m_campaignId, m_annotator, item.key, m_stage);
        stored = draft ? draft : m_store->answer(m_campaignId, m_annotator, item.key, m_stage);
    } catch (const std::exception &e) {  // an unreadable row: show the item unanswered, say why
        m_message->setStyleSheet(ErrorStyle);
        m_message->setText(tr("The saved answer cannot be read (%1); answer the item again.").arg(QString::fromStdString(e.what())));
        draft.reset();
        stored.reset();
    }
    // time adds up over visits (issue 20: going Back and Next replaced it with the revisit's). A
    // saved answer holds the earlier visits' time and saveAnswer adds this visit's to it; a draft
    // holds its visit's time so far; earlier visits that ended with Back without a save left theirs
    // in m_unsavedMs.
    m_persistedMs = draft ? draft->elapsedMs : 0;
    m_elapsedBase = m_persistedMs + m_unsavedMs.take(timeKey());
    m_visitMs = 0;
    m_lastInputAt = m_clock();
    if (draft) {
        progress += tr(" · unfinished answer restored");
        m_progressText = progress;
        m_progress->setText(progress);
    }
    return stored;
}

void AnnotationPanel::addCards(const AssignedItem &assigned, const CampaignItem &item, const std::optional<Answer> &stored)
{
    if (m_campaign.protocol == Protocol::Esa || m_campaign.protocol == Protocol::Cesa) {
        for (int pos = 0; pos < assigned.systemOrder.size(); ++pos) {
            auto *card = new TranslationCard(shownSystemLabel(m_campaign, item, assigned, pos),
                                             item.translations[assigned.systemOrder[pos]].text, m_cardArea);
            card->setCategories(m_campaign.options.errorTypology.categories);  // MQM; empty for ESA
            if (stored && pos < stored->judgements.size())
                card->setJudgement(stored->judgements[pos]);
            else if (assigned.systemOrder[pos] < item.proposedSpans.size())  // ESA^AI: proposed spans start pre-filled
                card->setJudgement(TranslationJudgement{QString(), std::nullopt, item.proposedSpans[assigned.systemOrder[pos]]});
            connect(card, &TranslationCard::changed, this, [this](const QString &action, const QString &detail) {
                m_message->clear();
                persist(action, detail);
                updateLock();
            });
            m_cardLayout->addWidget(card);
            card->show();  // now, not on the next event-loop turn
            m_cards << card;
        }
    }
}

void AnnotationPanel::addLikertForm(const AssignedItem &assigned, const CampaignItem &item, const std::optional<Answer> &stored)
{
    if (m_campaign.protocol == Protocol::Likert) {
        auto *form = new QWidget(m_formArea);
        auto *fl = new QFormLayout(form);
        for (int pos = 0; pos < assigned.systemOrder.size(); ++pos) {
            auto *text = new QLabel(QStringLiteral("<b>%1</b>&nbsp; %2").arg(shownSystemLabel(m_campaign, item, assigned, pos).toHtmlEscaped(),
                                                                          item.translations[assigned.systemOrder[pos]].text.toHtmlEscaped()), form);
            text->setWordWrap(true);
            text->setTextInteractionFlags(Qt::TextSelectableByMouse);
            fl->addRow(text);
            for (int sc = 0; sc < m_campaign.scales.size(); ++sc) {
                const LikertScale &scale = m_campaign.scales[sc];
                auto *box = new QComboBox(form);
                box->addItem(tr("(choose)"));
                for (int v = 1; v <= 5; ++v)
                    box->addItem(QStringLiteral("%1 – %2").arg(v).arg(scale.labels.value(v - 1)), v);
                const int index = pos * int(m_campaign.scales.size()) + sc;
                if (stored && index < stored->likert.size() && stored->likert[index])
                    box->setCurrentIndex(*stored->likert[index]);
                connect(box, &QComboBox::currentIndexChanged, this, [this, index](int v) {
                    persist(QStringLiteral("likert"), QStringLiteral("%1=%2").arg(index).arg(v));
                    updateLock();
                });
                box->setAccessibleName(scale.name);
                fl->addRow(scale.name, box);
                m_likertBoxes << box;
            }
        }
        m_formLayout->addWidget(form);
        form->show();
    }
}

void AnnotationPanel::addRuleForm(const CampaignItem &item, const std::optional<Answer> &stored)
{
    if (m_campaign.asksRuleForm(m_stage) && item.check == CheckKind::None) {
        auto *form = new QGroupBox(tr("Rule form: are the verification rules right?"), m_formArea);
        auto *fl = new QFormLayout(form);
        for (int i = 0; i < item.rules.size(); ++i) {
            auto *box = new QComboBox(form);
            box->addItem(tr("(choose)"));
            box->addItem(tr("realistic"), ruleVerdictName(RuleVerdict::Realistic));
            box->addItem(tr("too strict"), ruleVerdictName(RuleVerdict::TooStrict));
            box->addItem(tr("not sure"), ruleVerdictName(RuleVerdict::NotSure));
            if (stored && i < stored->rules.size() && stored->rules[i])
                box->setCurrentIndex(box->findData(ruleVerdictName(*stored->rules[i])));
            connect(box, &QComboBox::currentIndexChanged, this, [this, i, box] {
                persist(QStringLiteral("rule"), QStringLiteral("%1=%2").arg(i).arg(box->currentData().toString()));
                updateLock();
            });
            box->setAccessibleName(ruleLabel(item, i));
            fl->addRow(ruleLabel(item, i), box);
            m_ruleBoxes << box;
        }
        m_passBox = new QComboBox(form);
        m_passBox->addItem(tr("(choose)"));
        m_passBox->addItem(tr("yes"), true);
        m_passBox->addItem(tr("no"), false);
        if (stored && stored->incorrectCouldPass)
            m_passBox->setCurrentIndex(*stored->incorrectCouldPass ? 1 : 2);
        connect(m_passBox, &QComboBox::currentIndexChanged, this, [this] {
            persist(QStringLiteral("could_pass"), m_passBox->currentData().toString());
            updateLock();
        });
        fl->addRow(tr("Could an incorrect translation pass all rules?"), m_passBox);
        m_formLayout->addWidget(form);
        form->show();
    }
}

Answer AnnotationPanel::currentAnswer() const
{
    Answer a;
    a.stage = m_stage;
    for (TranslationCard *card : m_cards)
        a.judgements << card->judgement();
    for (QComboBox *box : m_likertBoxes)
        a.likert << (box->currentIndex() > 0 ? std::optional<int>(box->currentData().toInt()) : std::nullopt);
    for (QComboBox *box : m_ruleBoxes)
        a.rules << (box->currentIndex() > 0 ? std::optional<RuleVerdict>(parseRuleVerdict(box->currentData().toString())) : std::nullopt);
    if (m_passBox && m_passBox->currentIndex() > 0)
        a.incorrectCouldPass = m_passBox->currentData().toBool();
    a.elapsedMs = itemElapsedMs();
    return a;
}

QVector<MissingPart> AnnotationPanel::missing() const
{
    if (!m_store)
        return {};
    const AssignedItem &assigned = m_assignment.items[m_position];
    try {
        return missingParts(m_campaign, m_campaign.items[assigned.itemIndex], currentAnswer(), assigned.systemOrder);
    } catch (const std::exception &) {
        return {MissingPart{MissingPart::Score, 0}};  // a malformed answer is never complete
    }
}

QString AnnotationPanel::missingName(const MissingPart &part) const
{
    switch (part.kind) {
    case MissingPart::Score:
        return tr("score of %1").arg(m_labels.value(part.index));
    case MissingPart::Likert: {
        const int scales = std::max(1, int(m_campaign.scales.size()));
        return tr("%1 of %2").arg(m_campaign.scales.value(part.index % scales).name, m_labels.value(part.index / scales));
    }
    case MissingPart::Rule:
        return tr("rule form: rule %1").arg(part.index + 1);
    case MissingPart::IncorrectCouldPass:
        break;
    }
    return tr("rule form: could an incorrect translation pass");
}

QString AnnotationPanel::ruleLabel(const CampaignItem &item, int index)
{
    const QString text = item.rules.value(index);
    const QString kind = item.ruleKinds.value(index);
    if (kind == QLatin1String("contains"))
        return tr("must contain: %1").arg(text);
    if (kind == QLatin1String("not_contains"))
        return tr("must not contain: %1").arg(text);
    if (kind == QLatin1String("regex"))
        return tr("must match the pattern: %1").arg(text);
    if (kind == QLatin1String("llm"))
        return tr("criterion: %1").arg(text);
    return text;
}

QWidget *AnnotationPanel::missingField(const MissingPart &part) const
{
    switch (part.kind) {
    case MissingPart::Score:
        return part.index < m_cards.size() ? m_cards[part.index]->slider() : nullptr;
    case MissingPart::Likert:
        return m_likertBoxes.value(part.index);
    case MissingPart::Rule:
        return m_ruleBoxes.value(part.index);
    case MissingPart::IncorrectCouldPass:
        break;
    }
    return m_passBox;
}

void AnnotationPanel::updateLock()
{
    const QVector<MissingPart> parts = missing();
    QStringList names;
    for (const MissingPart &part : parts)
        names << missingName(part);
    // Pearmut: Next looks disabled until everything is set; pressing it anyway jumps to what is
    // missing. The button says what (issue 20: a bare count read as "the tool is broken").
    m_next->setProperty("incomplete", !parts.isEmpty());
    m_next->setStyleSheet(parts.isEmpty() ? QString() : QStringLiteral("color: gray;"));
    if (parts.isEmpty())
        m_next->setText(tr("Next"));
    else if (names.size() <= 2)
        m_next->setText(tr("Next (missing: %1)").arg(names.join(QStringLiteral(", "))));
    else
        m_next->setText(tr("Next (missing: %1, %2 and %3 more)").arg(names[0], names[1]).arg(names.size() - 2));
    m_next->setToolTip(parts.isEmpty() ? tr("Save and go on (Ctrl+Return)")
                                       : tr("Still missing: %1. Pressing Next shows the first.").arg(names.join(QStringLiteral(", "))));
}

void AnnotationPanel::next()
{
    if (!m_store)
        return;
    const QVector<MissingPart> parts = missing();
    if (!parts.isEmpty()) {
        // bring the first missing field into view and give it the focus (issue 20)
        if (QWidget *field = missingField(parts.first())) {
            m_scroll->ensureWidgetVisible(field, 20, 40);
            field->setFocus(Qt::OtherFocusReason);
        }
        QStringList names;
        for (const MissingPart &part : parts)
            names << missingName(part);
        m_message->setStyleSheet(ErrorStyle);
        m_message->setText(tr("Still missing: %1.").arg(names.join(QStringLiteral(", "))));
        log(QStringLiteral("next_blocked"), QString::number(parts.size()));
        return;
    }
    const AssignedItem &assigned = m_assignment.items[m_position];
    const CampaignItem &item = m_campaign.items[assigned.itemIndex];
    const Answer answer = currentAnswer();
    if (m_stage == 1 && (item.check == CheckKind::Tutorial || item.check == CheckKind::Loud || item.check == CheckKind::Silent)) {
        const bool pass = passesCheck(item, answer, assigned.systemOrder);
        log(pass ? QStringLiteral("check_passed") : QStringLiteral("check_failed"), checkKindName(item.check));
        if (!pass && item.check != CheckKind::Silent) {
            m_message->setStyleSheet(ErrorStyle);
            m_message->setText(item.check == CheckKind::Tutorial
                                   ? tr("This tutorial item is not answered right yet: look again at the translations and try again.")
                                   : tr("This answer looks wrong: please read the item again and correct it."));
            return;
        }
    }
    try {
        m_store->saveAnswer(m_campaignId, m_annotator, item.key, answer);
    } catch (const std::exception &e) {
        m_message->setStyleSheet(ErrorStyle);
        m_message->setText(tr("Not saved: %1").arg(QString::fromStdString(e.what())));
        return;
    }
    Q_EMIT answerSaved();
    if (m_stage < m_campaign.stages()) {
        ++m_stage;
    } else if (m_position + 1 < m_assignment.items.size()) {
        ++m_position;
        m_stage = 1;
    } else {
        // a success, not an error: in the normal text colour (issue 20)
        m_message->setStyleSheet(QStringLiteral("color: palette(window-text); font-weight: bold;"));
        m_message->setText(tr("All items are answered. Thank you!"));
        log(QStringLiteral("finished"));
        Q_EMIT finished();
        return;
    }
    showCurrent();
}

void AnnotationPanel::back()
{
    if (!m_store || (m_position == 0 && m_stage == 1))
        return;
    log(QStringLiteral("back"));
    keepUnsavedTime();
    if (m_stage > 1) {
        --m_stage;
    } else {
        --m_position;
        m_stage = m_campaign.stages();
    }
    showCurrent();
}

}  // namespace gauntlet
