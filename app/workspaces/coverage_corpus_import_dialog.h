// The Import Corpus dialog of the Coverage workspace's Corpora & Labels page
// (coverage_corpora_page.h): the name to store the corpus under, its gold labels column and the
// systems to read (the options of `gauntlet corpus import`).
#pragma once

#include "engine/sampling/corpus.h"

#include <QDialog>

class QLineEdit;

namespace gauntlet {

class CoverageCorpusImportDialog : public QDialog {
    Q_OBJECT
public:
    /// `path`: the corpus file chosen; the name defaults to its base name.
    explicit CoverageCorpusImportDialog(const QString &path, QWidget *parent = nullptr);

    QString corpusName() const;
    /// The labels column and systems typed (systems split at commas, trimmed).
    sampling::CorpusFileOptions options() const;

private:
    QLineEdit *m_name, *m_labels, *m_systems;
};

}  // namespace gauntlet
