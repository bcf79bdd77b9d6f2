#include "app/workspaces/coverage_corpus_import_dialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace gauntlet {

CoverageCorpusImportDialog::CoverageCorpusImportDialog(const QString &path, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(QFileInfo(path).completeBaseName(), this)), m_labels(new QLineEdit(this)),
      m_systems(new QLineEdit(this))
{
    setObjectName(QStringLiteral("corpusImportDialog"));
    setWindowTitle(tr("Import Corpus"));
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_labels->setPlaceholderText(tr("none (WMT21 TED: mqm_errors)"));
    m_systems->setPlaceholderText(tr("all (or A,B with the primary first)"));
    m_labels->setToolTip(tr("The column with gold category labels, if the corpus has one (they are compared with the classifier's)"));
    m_systems->setToolTip(tr("Comma-separated MT systems to import from a corpus with a system column; the first is the primary one"));
    // Wide enough for the hints to be read whole (it showed "none (WMT21 TE...").
    for (QLineEdit *edit : {m_name, m_labels, m_systems})
        edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(m_systems->placeholderText()) + 24);
    auto *file = new QLabel(QFileInfo(path).fileName(), this);
    file->setToolTip(QFileInfo(path).absoluteFilePath());
    form->addRow(tr("File:"), file);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Gold labels column:"), m_labels);
    form->addRow(tr("Systems:"), m_systems);
    auto *about = new QLabel(tr("TSV, CSV or JSONL with a source and an MT column; a post-edit or reference column gives TER."), this);
    about->setWordWrap(true);
    form->addRow(about);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString CoverageCorpusImportDialog::corpusName() const
{
    return m_name->text();
}

sampling::CorpusFileOptions CoverageCorpusImportDialog::options() const
{
    sampling::CorpusFileOptions options;
    options.labelsColumn = m_labels->text().trimmed();
    options.systems = m_systems->text().split(u',', Qt::SkipEmptyParts);
    for (QString &s : options.systems)
        s = s.trimmed();
    return options;
}

}  // namespace gauntlet
