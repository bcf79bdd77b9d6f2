// The Augment workspace's run setup, the first link of seed -> search -> store -> view: the seeds
// (a seed set of the project, a file or typed text) and the ones chosen in the list, the model pack
// folder with what it holds, and the method and search settings (AugmentSettingsForm). The model
// pack, the method and the last started run's search settings are remembered in the Settings.
#pragma once

#include "app/workspaces/augment_session.h"
#include "engine/ato/ato_config.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QStackedWidget;

namespace gauntlet {

class AugmentSettingsForm;
namespace storage { class Project; }
class SeedSetModel;
namespace core { class Settings; }

class AugmentSetupPanel : public QWidget {
    Q_OBJECT
public:
    /// Settings keys of the run setup.
    static constexpr const char *KeyModelPack = "augment/modelPack";
    static constexpr const char *KeyMethod = "augment/method";
    static constexpr const char *KeySeedSource = "augment/seedSource";  ///< 0 seed set, 1 file, 2 typed text
    static constexpr const char *KeyTypedSeeds = "augment/typedSeeds";
    /// The last started run's search settings (ato::toJson of the form), restored at the next launch.
    static constexpr const char *KeySearchSettings = "augment/searchSettings";

    enum SeedSource { ProjectSeeds, FileSeeds, TypedSeeds };

    explicit AugmentSetupPanel(QWidget *parent = nullptr);

    /// The project whose seed sets are offered (nullptr: none).
    void setProject(storage::Project *project);
    /// Restores the model pack, the method and the search settings from `settings` and remembers
    /// them there from now on (nullptr: not remembered).
    void setSettings(core::Settings *settings);
    /// Re-reads the seed sets and the project's MT systems (the MT term's list); returns an error
    /// message or an empty string.
    QString reload();
    SeedSetModel *seedSetModel() const { return m_seedSets; }

    void setSeedSource(SeedSource source);
    /// Loads the seeds of a file (TSV, text, JSONL) as the seed list; returns the error or "".
    QString loadSeedFile(const QString &path);
    void setTypedSeeds(const QString &text);
    QListWidget *seedList() const { return m_seedList; }
    /// The seeds to run, in list order: the typed lines, or the seeds selected in the list.
    std::vector<augment::SeedItem> chosenSeeds() const;
    /// "Skip seeds already finished" (with these settings; the command line's --resume).
    bool skipFinishedSeeds() const;
    QCheckBox *skipFinishedBox() const { return m_skipFinished; }

    void setModelPackFolder(const QString &folder);
    /// The chosen model pack folder, or the default pack's ("" when there is none).
    QString modelPackFolder() const;

    AugmentSettingsForm *settingsForm() const { return m_form; }
    /// The config the form describes (model folders not yet filled in).
    ato::AtoConfig configFromForm() const;
    /// Sets every field of the form from `config` (the guards included).
    void setForm(const ato::AtoConfig &config);
    /// Remembers `config`'s search settings for the next launch (a run was started with them).
    void rememberSearchSettings(const ato::AtoConfig &config);

Q_SIGNALS:
    /// A problem the user must see (a seed file or seed set that cannot be read).
    void errorOccurred(const QString &message);

private:
    QWidget *createSeedsBox();
    QWidget *createModelsBox();
    void fillSeedSetList();
    void updateModelPackInfo();
    /// Puts the lambdas the model pack recommends (pack.json) into the form.
    void applyPackObjectiveToForm();

    storage::Project *m_project = nullptr;
    core::Settings *m_settings = nullptr;
    SeedSetModel *m_seedSets;
    void fillMtSystems();

    QCheckBox *m_skipFinished = nullptr;
    QComboBox *m_sourceCombo;
    QStackedWidget *m_sourceStack;
    QComboBox *m_seedSetCombo;
    QLineEdit *m_seedFile;
    QPlainTextEdit *m_typedSeeds;
    QListWidget *m_seedList;
    QLineEdit *m_modelPack;
    QLabel *m_modelPackInfo;
    AugmentSettingsForm *m_form;
};

}  // namespace gauntlet
