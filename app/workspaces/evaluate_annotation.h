// The annotation screen of the Evaluate workspace (papers.md: cESA as run in Pearmut for LTB):
// per translation a card with the exact stored text, error spans marked by selecting text and
// pressing 1 (minor) or 2 (major), M for the [missing] marker, S to switch a span's severity,
// Delete to remove it, and a 0-100 score in steps of 5 with the five labelled bands (an unset
// score reads "not set", not 0). Every change (span, severity, score, form answer) is autosaved
// at once with its log entry in one transaction (CampaignStore::saveDraft), and an unfinished
// item comes back as it was left when the queue is reopened, even after a crash. Next
// (Ctrl+Return) saves the complete answer and goes on; while something is missing it jumps
// there instead. Back (Alt+Left) revisits. The time an item takes is active time, summed over
// every visit (evaluate::activeGapMs: Appraise's rule for idle stretches).
#pragma once

#include "engine/evaluate/campaign.h"

#include <QFrame>
#include <QHash>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QSlider;
class QTextEdit;
class QVBoxLayout;

namespace gauntlet {

namespace evaluate { class CampaignStore; }

/// One translation: text with span highlights, span list and score slider.
class TranslationCard : public QFrame {
    Q_OBJECT
public:
    TranslationCard(const QString &label, const QString &text, QWidget *parent = nullptr);

    evaluate::TranslationJudgement judgement() const;
    void setJudgement(const evaluate::TranslationJudgement &judgement);
    /// Marks the current selection (code points, inclusive end) with `severity`, grown to whole
    /// words when "Snap to words" is checked (evaluate::snapToWords).
    /// Returns false when nothing is selected or it overlaps a span.
    bool markSelection(evaluate::Severity severity);
    void toggleMissing(evaluate::Severity severity);
    /// MQM campaigns: the error categories a new span is marked with (the chooser "spanCategory",
    /// key C steps to the next one); empty hides the chooser and spans get no category.
    void setCategories(const QStringList &categories);
    QComboBox *categoryBox() const { return m_category; }
    void setScore(std::optional<int> score);
    std::optional<int> score() const { return m_score; }
    QTextEdit *textView() const { return m_text; }
    QSlider *slider() const { return m_slider; }
    QListWidget *spanList() const { return m_spans; }
    QLabel *scoreLabel() const { return m_scoreLabel; }
    QLabel *warningLabel() const { return m_warning; }
    QCheckBox *snapBox() const { return m_snap; }
    QPushButton *minorButton() const { return m_minor; }
    QPushButton *majorButton() const { return m_major; }
    QPushButton *missingButton() const { return m_missing; }

Q_SIGNALS:
    void changed(const QString &action, const QString &detail);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    QString chosenCategory() const;

    QString m_textValue;
    QTextEdit *m_text;
    QListWidget *m_spans;
    QLabel *m_noSpans;
    QSlider *m_slider;
    QLabel *m_scoreLabel;
    QLabel *m_warning;
    QCheckBox *m_snap;
    QComboBox *m_category;
    QPushButton *m_minor;
    QPushButton *m_major;
    QPushButton *m_missing;
    std::optional<int> m_score;
    QVector<evaluate::ErrorSpan> m_spanValues;
};

/// The annotation screen for one annotator's queue in one campaign.
class AnnotationPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnnotationPanel(QWidget *parent = nullptr);
    ~AnnotationPanel() override;

    /// A monotonic clock in milliseconds for the time spent on items (default: a QElapsedTimer
    /// started with the panel); tests pass one they control.
    using Clock = std::function<qint64()>;
    void setClock(Clock clock) { m_clock = std::move(clock); }

    /// Opens the annotator's queue at the first unanswered item. Throws StoreError.
    void open(evaluate::CampaignStore *store, qint64 campaignId, const QString &annotator);
    void close();

    int position() const { return m_position; }
    int stage() const { return m_stage; }
    QVector<TranslationCard *> cards() const { return m_cards; }
    QVector<QComboBox *> ruleBoxes() const { return m_ruleBoxes; }
    QVector<QComboBox *> likertBoxes() const { return m_likertBoxes; }
    QComboBox *passBox() const { return m_passBox; }
    QPushButton *nextButton() const { return m_next; }
    QPushButton *backButton() const { return m_back; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *progressLabel() const { return m_progress; }
    /// What the current answer lacks (empty when Next may save).
    QVector<evaluate::MissingPart> missing() const;
    /// `part` in the annotator's words: "score of D", "grammaticality of B", "rule form: rule 2",
    /// "rule form: could an incorrect translation pass".
    QString missingName(const evaluate::MissingPart &part) const;
    /// Rule `index` of `item` as the annotator reads it, with its kind: "must contain: café",
    /// "must not contain: …", "must match the pattern: …", "criterion: …" (a natural-language
    /// rule); the bare text when the kind is unknown (packages written before kinds).
    static QString ruleLabel(const evaluate::CampaignItem &item, int index);
    QLabel *rulesLabel() const { return m_rules; }
    /// "Source (English → Japanese)": the current item's own language pair.
    QLabel *sourceCaption() const { return m_sourceCaption; }

public Q_SLOTS:
    void next();
    void back();

Q_SIGNALS:
    void finished();
    /// An answer was saved (Next): the campaign's "n/m answers" can change.
    void answerSaved();

protected:
    /// Key presses, mouse presses and wheel turns inside the panel mark the annotator as active.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showCurrent();
    // showCurrent()'s steps: the last item's widgets go; the progress line, source and rules are
    // shown (the progress text comes back); the saved answer or unfinished draft is read and the
    // visit's clock set (a restored draft is noted in `progress`); the cards (ESA, CESA, MQM), the
    // Likert form and the rule form are built and filled from it.
    void clearItem();
    QString showItemHeader(const evaluate::AssignedItem &assigned, const evaluate::CampaignItem &item);
    void showItemRules(const evaluate::CampaignItem &item);
    std::optional<evaluate::Answer> restoreAnswer(const evaluate::CampaignItem &item, QString &progress);
    void addCards(const evaluate::AssignedItem &assigned, const evaluate::CampaignItem &item, const std::optional<evaluate::Answer> &stored);
    void addLikertForm(const evaluate::AssignedItem &assigned, const evaluate::CampaignItem &item,
                       const std::optional<evaluate::Answer> &stored);
    void addRuleForm(const evaluate::CampaignItem &item, const std::optional<evaluate::Answer> &stored);
    void updateLock();
    /// The widget that takes the answer `part` lacks (a score slider, a form box), or nullptr.
    QWidget *missingField(const evaluate::MissingPart &part) const;
    evaluate::Answer currentAnswer() const;
    /// Autosave: stores the unfinished answer with the action that changed it (one transaction).
    void persist(const QString &action, const QString &detail);
    void log(const QString &action, const QString &detail = {});
    /// An input event: the gap since the last one counts (evaluate::activeGapMs).
    void noteInput();
    /// Active time on the current item and stage: earlier visits plus this one.
    qint64 itemElapsedMs() const;
    /// Leaving the item without saving (Back, close): keeps the visit's time for the next visit.
    void keepUnsavedTime();
    QString timeKey() const;  ///< "<item key>|<stage>" of the current item

    evaluate::CampaignStore *m_store = nullptr;
    qint64 m_campaignId = 0;
    QString m_annotator;
    evaluate::Campaign m_campaign;
    evaluate::Assignment m_assignment;
    int m_position = 0;
    int m_stage = 1;
    Clock m_clock;
    qint64 m_elapsedBase = 0;   ///< time not yet in the saved answer when this visit began (draft, left visits), ms
    qint64 m_persistedMs = 0;   ///< the time the item's draft holds (not yet in its saved answer), ms
    qint64 m_visitMs = 0;       ///< this visit's active time up to the last input, ms
    qint64 m_lastInputAt = 0;   ///< clock reading at the last input (or the visit's start)
    QHash<QString, qint64> m_unsavedMs;  ///< timeKey() -> visits' time not yet written (left by Back)

    QLabel *m_progress;
    QString m_progressText;  ///< item and stage, without the autosave time
    QLabel *m_instructions;
    QLabel *m_sourceCaption;
    QLabel *m_source;
    QLabel *m_rules;
    QWidget *m_cardArea;
    QVBoxLayout *m_cardLayout;
    QWidget *m_formArea;
    QVBoxLayout *m_formLayout;
    QLabel *m_message;
    QScrollArea *m_scroll = nullptr;  ///< the cards and forms of the current item
    QPushButton *m_back;
    QPushButton *m_next;
    QVector<TranslationCard *> m_cards;
    QStringList m_labels;  ///< shown label per position ("A", "B", ... or the system names)
    QVector<QComboBox *> m_ruleBoxes;
    QVector<QComboBox *> m_likertBoxes;  ///< translation-major: shown position * scales + scale
    QComboBox *m_passBox = nullptr;
};

}  // namespace gauntlet
