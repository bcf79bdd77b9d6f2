// The Augment workspace's "Method and search settings" box: the method, every search setting of
// ato::AtoConfig with the paper's defaults (B, K, N, R, T, T2, frozen iterations, the lambdas, the
// baselines' replacements and word bucket, random seed, device, dtype, threads), the guards, and
// the black-box MT term (a project MT system, where it acts, the target language of a chat
// system), read and written as one ato::AtoConfig. What only the command line offers (shards,
// --trace, --translate-with) is named in docs/augment.md.
#pragma once

#include "engine/ato/ato_config.h"

#include <QGroupBox>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace gauntlet {

class AugmentSettingsForm : public QGroupBox {
    Q_OBJECT
public:
    explicit AugmentSettingsForm(QWidget *parent = nullptr);

    /// The config the form describes (model folders not yet filled in).
    ato::AtoConfig config() const;
    /// Sets every field of the form from `config` (the guards included).
    void setConfig(const ato::AtoConfig &config);
    /// Chooses `method` ("direct", "two-phase", "random-words", "random-subwords"); false if unknown.
    bool setMethod(const QString &method);
    /// Sets the objective's weights lambda_f and lambda_c (a model pack's recommendation).
    void setLambdas(std::optional<double> fluency, std::optional<double> cohesion);
    QCheckBox *grammarGuardBox() const { return m_grammarGuard; }
    QCheckBox *vocabularyGuardBox() const { return m_vocabularyGuard; }
    QCheckBox *wordRelationsBox() const { return m_wordRelations; }
    QCheckBox *trigramContextBox() const { return m_trigramContext; }
    /// The project's MT systems the MT term may use (`gauntlet systems list`; manual ones left out
    /// by the caller). A config naming another system keeps it in the list.
    void setMtSystems(const QStringList &systems);
    QComboBox *wordBucketBox() const { return m_wordBucket; }
    QComboBox *mtTermSystemBox() const { return m_mtSystem; }
    QComboBox *mtTermWhereBox() const { return m_mtWhere; }
    QLineEdit *mtTermTargetEdit() const { return m_mtTarget; }

Q_SIGNALS:
    /// The method changed (its name as in setMethod), by the user or by setConfig.
    void methodChanged(const QString &method);
    /// "Paper defaults" reset the search settings; the model pack may now apply its own lambdas.
    void defaultsApplied();

private:
    // The constructor's steps, in the form's order (which is its tab order): the method and search
    // fields (and the grammar and vocabulary guards), their rows, the other guards under their
    // heading, and the Paper defaults / Undo defaults row.
    void createSearchFields();
    void addSearchRows(QFormLayout *form);
    void addGuards(QFormLayout *form);
    void addMtTerm(QFormLayout *form);
    /// Selects `system` in the MT term's list, adding it when the project has no such system.
    void selectMtSystem(const QString &system);
    void addDefaultsRow(QFormLayout *form);
    void updateEnabled();

    QComboBox *m_method;
    QSpinBox *m_beamWidth, *m_shortlist, *m_candidates, *m_injections, *m_steps, *m_frozen, *m_phase2Steps, *m_replacements, *m_threads;
    QDoubleSpinBox *m_lambdaF, *m_lambdaC;
    QLineEdit *m_randomSeed;
    QComboBox *m_device, *m_dtype;
    QComboBox *m_wordBucket = nullptr;                  ///< random-words: all, common or rare words
    QComboBox *m_mtSystem = nullptr, *m_mtWhere = nullptr;  ///< the MT term ("" = off) and output / beam
    QLineEdit *m_mtTarget = nullptr;                    ///< the MT term's target language (chat systems)
    QCheckBox *m_grammarGuard, *m_vocabularyGuard, *m_wordRelations, *m_wordVectors, *m_trigramContext;
    QPushButton *m_undoDefaults = nullptr;  ///< brings back what Paper defaults replaced
    ato::AtoConfig m_beforeDefaults;
};

}  // namespace gauntlet
