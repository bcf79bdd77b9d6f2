// The Contribute page's example form: languages (name and optional ISO code), the source text
// with its character count (at most MaxSourceTextLength code points), instructions, context,
// attribution, the reference translation, LTB taxonomy tags (with completion from the bundled
// taxonomy) and free tags. Holds no state beyond its fields; the page saves what it collects.
#pragma once

#include "engine/verify/example_store.h"

#include <QGroupBox>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace gauntlet {

class ExampleForm : public QGroupBox {
    Q_OBJECT
public:
    explicit ExampleForm(QWidget *parent = nullptr);

    /// The example as typed (languages trimmed, tags split at commas); id and author stay unset.
    verify::ChallengeExample collect() const;
    /// Shows `example`'s fields; emits no edited().
    void load(const verify::ChallengeExample &example);
    /// Empties every field; emits no edited().
    void clear();
    /// Read-only fields for examples that are submitted, accepted or rejected.
    void setEditable(bool editable);
    QString sourceText() const;
    /// Sets the source text and the source language (a new example from a seed text); emits edited().
    void setSource(const QString &text, const QString &language);
    /// Focuses the first language field that still needs typing.
    void focusLanguage();

Q_SIGNALS:
    /// The user changed a field.
    void edited();

private:
    void updateCount();

    bool m_loading = false;
    QLineEdit *m_sourceLang;
    QLineEdit *m_sourceIso;
    QLineEdit *m_targetLang;
    QLineEdit *m_targetIso;
    QPlainTextEdit *m_source;
    QLabel *m_sourceCount;
    QLineEdit *m_instructions;
    QLineEdit *m_context;
    QLineEdit *m_attribution;
    QPlainTextEdit *m_reference;
    QLineEdit *m_linguistics;
    QLineEdit *m_tags;
};

}  // namespace gauntlet
