// The command-line layer: `gauntlet <command> [options]`. Each command lives in its own
// app/cli/<name>_command.cpp and is listed once in app/cli/commands.cpp.
#pragma once

#include <QByteArray>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <stdexcept>
#include <memory>
#include <vector>

namespace gauntlet::storage {
class Project;
}  // namespace gauntlet::storage

namespace gauntlet::cli {

/// Exit codes shared by every command.
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1,    ///< the command ran but failed (bad input file, model error, ...)
    ExitUsage = 2,      ///< unknown command, unknown option, missing argument
    ExitPartial = 3,    ///< some items (seeds) failed, the others finished (issue 34: that was exit 0)
    ExitInterrupted = 130,  ///< stopped by Ctrl-C after saving what was done
};

/// Thrown by a command for a wrong command line (a bad option value, a name that does not fit):
/// cli::run prints "gauntlet <command> [<action>]: <message>" and exits ExitUsage. Every other
/// exception a command lets out is printed the same way and exits ExitFailure (cli::run is the one
/// exception-to-exit-code map; issue 36 item 5).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    explicit UsageError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

/// What a command gets: its own arguments (argv[0] is "gauntlet <command>"), output streams and
/// the project the user chose with `--project FILE` (opened lazily, on first use).
class Context {
public:
    Context(QString projectPath, QTextStream &out, QTextStream &err);
    ~Context();

    QTextStream &out;  ///< standard output: results, one per line where possible
    QTextStream &err;  ///< standard error: progress and one-line error messages

    /// The path given with --project, or the default project path.
    QString projectPath() const { return m_projectPath; }
    /// Opens (creating and migrating if needed) the project. Throws gauntlet::storage::StoreError.
    storage::Project &project();
    /// "gauntlet <command>" or, inside an action, "gauntlet <command> <action>": how errors name
    /// what failed (set by cli::run and dispatchAction).
    QString label() const { return m_label; }
    void setLabel(const QString &label) { m_label = label; }

private:
    QString m_projectPath;
    QString m_label;
    std::unique_ptr<storage::Project> m_project;
};

/// One top-level command. `run` receives the command's arguments with argv[0] first, so it can
/// parse them with its own QCommandLineParser; it returns an ExitCode and never throws.
struct Command {
    QString name;
    QString summary;  ///< one line for `gauntlet --help`
    std::function<int(Context &, const QStringList &args)> run;
};

/// Every command, in the order `gauntlet --help` lists them (app/cli/commands.cpp).
const std::vector<Command> &commands();

/// Thrown by parseArguments once it has answered the command line itself (printed --help, or a
/// parse error): cli::run returns `code` and prints nothing more. Not a std::exception, so a
/// command's own catch blocks never take it for an error.
struct CommandLineAnswered {
    int code;  ///< ExitOk after --help, ExitUsage after a parse error
};

/// Parses a command's `args` with `parser` (adds --help itself) and returns when the command goes
/// on. On --help prints the help to ctx.out and throws CommandLineAnswered{ExitOk}; on an unknown
/// option or a parse error prints one line "gauntlet <command>: <reason>" to ctx.err and throws
/// CommandLineAnswered{ExitUsage}.
void parseArguments(QCommandLineParser &parser, const QStringList &args, Context &ctx);

/// "1 item", "2 items": `n` with the noun in the number it takes (English; the command line is not
/// translated).
QString counted(qint64 n, const char *one, const char *many);

/// Whether `args` ask for the help (--help or -h).
bool asksForHelp(const QStringList &args);

/// The positional arguments when there are exactly `count` of them (`count` -1: one or more).
/// Throws UsageError("expected WHAT (see --help)") otherwise, which cli::run prints under the
/// command's label with exit status ExitUsage.
QStringList requirePositionals(const QCommandLineParser &parser, int count, const QString &what);

/// The one FILE a command reads, whole.
struct InputFile {
    QString path;
    QByteArray bytes;
};
/// For a command that reads one FILE: adds FILE (`fileHelp` in --help) to `parser`, which has
/// the command's description and options, parses the command line (parseArguments), requires
/// exactly FILE (requirePositionals naming it `fileWhat`) and reads it. Throws std::runtime_error
/// "cannot read PATH: why" for a file it cannot open (cli::run prints it under the command's name).
InputFile parseInputFile(QCommandLineParser &parser, Context &ctx, const QStringList &args, const QString &fileHelp, const QString &fileWhat);

/// An action of a command with actions (`gauntlet seeds import|list|remove`). It gets the
/// arguments after the action, with "gauntlet <command> <action>" first (its parser's name).
using ActionHandler = std::function<int(Context &, const QStringList &)>;

/// The help of an action with two forms, chosen by an option (`campaigns results --format`,
/// `examples add --from-run`): both forms' help, the first then the second after a blank line, so
/// `--help` shows the whole action. Returns ExitOk.
int helpOfBothForms(Context &ctx, const QStringList &args, const ActionHandler &first, const ActionHandler &second);

/// What an action's handler gets: the arguments after args[1] (the action), with
/// "gauntlet <command> <action>" first. With `labelAction` that also names what fails from now on
/// (ctx.setLabel); without, errors the action lets out keep the command's name (runs, seeds).
QStringList actionArguments(Context &ctx, const QStringList &args, bool labelAction = true);

/// Runs the handler that `actions` lists for args[1] with actionArguments(ctx, args, labelAction),
/// or, for none, returns actionUsage().
int dispatchAction(Context &ctx, const QStringList &args, const QString &usage,
                   const std::vector<std::pair<QString, ActionHandler>> &actions, bool labelAction = true);

/// The answer of a command whose action args[1] matched none: for --help / -h `usage` on
/// ctx.out and ExitOk; without an action `usage` on ctx.err and ExitUsage; for another word the
/// one line "<command>: unknown action 'x' (see <command> --help)" on ctx.err and ExitUsage.
int actionUsage(Context &ctx, const QStringList &args, const QString &usage);

}  // namespace gauntlet::cli
