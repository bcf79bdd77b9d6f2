#include "app/cli/cli.h"

#include "app/cli/command.h"
#include "engine/ato/run_store.h"
#include "engine/core/version.h"
#include "engine/store/project.h"

#include <QCommandLineParser>
#include <QFile>

#include <algorithm>
#include <exception>
#include <stdexcept>

namespace gauntlet::cli {

Context::Context(QString projectPath, QTextStream &out, QTextStream &err)
    : out(out), err(err), m_projectPath(std::move(projectPath))
{
}

Context::~Context() = default;

storage::Project &Context::project()
{
    if (!m_project) {
        m_project = storage::Project::open(m_projectPath);
        if (m_project->wasCreated())
            err << "gauntlet: created project " << m_projectPath << '\n';
        // Runs left 'running' by a process that is gone (kill -9) become interrupted.
        if (const int n = ato::RunStore::markInterruptedRuns(m_project->database()); n > 0)
            err << "gauntlet: " << n << " run(s) whose process had ended were marked interrupted in " << m_projectPath << '\n';
    }
    return *m_project;
}

void parseArguments(QCommandLineParser &parser, const QStringList &args, Context &ctx)
{
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    const QString name = args.value(0, QStringLiteral("gauntlet"));
    if (!parser.parse(args)) {
        ctx.err << name << ": " << parser.errorText() << '\n';
        throw CommandLineAnswered{ExitUsage};
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // QCommandLineParser names the executable; name the command instead.
        const qsizetype lineEnd = text.indexOf(u'\n');
        QString usage = text.left(lineEnd);
        const qsizetype options = usage.indexOf(QStringLiteral(" [options]"));
        usage = QStringLiteral("Usage: ") + name + (options >= 0 ? usage.mid(options) : QString());
        ctx.out << usage << text.mid(lineEnd);
        throw CommandLineAnswered{ExitOk};
    }
}

QString counted(qint64 n, const char *one, const char *many)
{
    return QString::number(n) + u' ' + QString::fromLatin1(n == 1 ? one : many);
}

bool asksForHelp(const QStringList &args)
{
    return args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"));
}

int helpOfBothForms(Context &ctx, const QStringList &args, const ActionHandler &first, const ActionHandler &second)
{
    for (const ActionHandler *form : {&first, &second}) {
        if (form == &second)
            ctx.out << '\n';
        try {
            (*form)(ctx, args);
        } catch (const CommandLineAnswered &) {
            // the form printed its help
        }
    }
    return ExitOk;
}

QStringList requirePositionals(const QCommandLineParser &parser, int count, const QString &what)
{
    const QStringList given = parser.positionalArguments();
    if (count < 0 ? given.isEmpty() : given.size() != count)
        throw UsageError(QStringLiteral("expected %1 (see --help)").arg(what));
    return given;
}

InputFile parseInputFile(QCommandLineParser &parser, Context &ctx, const QStringList &args, const QString &fileHelp, const QString &fileWhat)
{
    parser.addPositionalArgument(QStringLiteral("file"), fileHelp);
    parseArguments(parser, args, ctx);
    InputFile input{requirePositionals(parser, 1, fileWhat).constFirst(), {}};
    QFile file(input.path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error(QStringLiteral("cannot read %1: %2").arg(input.path, file.errorString()).toStdString());
    input.bytes = file.readAll();
    return input;
}

namespace {

bool takesValue(const QString &arg)
{
    return arg == QLatin1String("--project") || arg == QLatin1String("-platform") || arg == QLatin1String("-style");
}

QString globalHelp()
{
    QString text;
    QTextStream s(&text);
    s << "Usage: gauntlet [--project FILE] [<command> [options]]\n"
         "Gauntlet: build machine-translation test sets that MT systems fail on.\n"
         "With no command, opens the Gauntlet window.\n\n"
         "Global options:\n"
         "  --project FILE   the project file (default: "
      << storage::Project::defaultPath()
      << ")\n"
         "  -h, --help       show this help\n"
         "  -v, --version    show the version\n\n"
         "Commands:\n";
    qsizetype width = 0;
    for (const Command &command : commands())
        width = std::max(width, command.name.size());
    for (const Command &command : commands())
        s << "  " << command.name.leftJustified(width + 2) << command.summary << '\n';
    s << "\nRun 'gauntlet <command> --help' for a command's options; commands with subcommands (seeds, runs,\n"
         "examples, systems, ...) take --help after each: 'gauntlet examples add --help'.\n";
    return text;
}

}  // namespace

bool isHeadless(const QStringList &args)
{
    for (int i = 1; i < args.size(); ++i) {
        const QString &arg = args[i];
        if (takesValue(arg)) {
            ++i;
            continue;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help") || arg == QLatin1String("-v") ||
            arg == QLatin1String("--version") || !arg.startsWith(u'-'))
            return true;
        if (arg.startsWith(QLatin1String("--")) && !arg.startsWith(QLatin1String("--project=")))
            return true;  // an unknown long option: report it rather than open a window
    }
    return false;
}

int run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption projectOption(QStringLiteral("project"), QStringLiteral("Project file."), QStringLiteral("FILE"));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show help."));
    const QCommandLineOption versionOption({QStringLiteral("v"), QStringLiteral("version")}, QStringLiteral("Show the version."));
    parser.addOptions({projectOption, helpOption, versionOption});
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("The command to run."));

    const auto finish = [&](int code) {
        out.flush();
        err.flush();
        return code;
    };
    if (!parser.parse(args)) {
        err << "gauntlet: " << parser.errorText() << " (see gauntlet --help)\n";
        return finish(ExitUsage);
    }
    const QStringList positional = parser.positionalArguments();
    if (parser.isSet(versionOption)) {
        out << "gauntlet " << core::versionString() << '\n';
        return finish(ExitOk);
    }
    if (parser.isSet(helpOption) || positional.isEmpty()) {
        out << globalHelp();
        return finish(positional.isEmpty() && !parser.isSet(helpOption) ? ExitUsage : ExitOk);
    }
    const QString name = positional.first();
    const Command *command = nullptr;
    for (const Command &c : commands()) {
        if (c.name == name)
            command = &c;
    }
    if (!command) {
        err << "gauntlet: unknown command '" << name << "' (see gauntlet --help)\n";
        return finish(ExitUsage);
    }
    QString projectPath = parser.value(projectOption);
    if (parser.isSet(projectOption) && projectPath.isEmpty()) {
        err << "gauntlet: --project needs a file name\n";
        return finish(ExitUsage);
    }
    if (projectPath.isEmpty())
        projectPath = storage::Project::defaultPath();

    QStringList commandArgs = positional.mid(1);
    commandArgs.prepend(QStringLiteral("gauntlet ") + name);
    Context ctx(projectPath, out, err);
    ctx.setLabel(commandArgs.first());
    int code = ExitFailure;
    // The one exception-to-exit-code map: a wrong command line exits ExitUsage, anything else a
    // command lets out (engine errors name their input) ExitFailure, with one line on stderr.
    try {
        code = command->run(ctx, commandArgs);
    } catch (const CommandLineAnswered &answered) {
        code = answered.code;
    } catch (const UsageError &e) {
        err << ctx.label() << ": " << QString::fromUtf8(e.what()) << '\n';
        code = ExitUsage;
    } catch (const std::exception &e) {
        err << ctx.label() << ": " << QString::fromUtf8(e.what()) << '\n';
        code = ExitFailure;
    }
    return finish(code);
}

QStringList actionArguments(Context &ctx, const QStringList &args, bool labelAction)
{
    QStringList rest = args.mid(2);
    rest.prepend(args.value(0) + u' ' + args.value(1));
    if (labelAction)
        ctx.setLabel(rest.first());
    return rest;
}

int dispatchAction(Context &ctx, const QStringList &args, const QString &usage,
                   const std::vector<std::pair<QString, ActionHandler>> &actions, bool labelAction)
{
    for (const auto &[name, handler] : actions)
        if (name == args.value(1))
            return handler(ctx, actionArguments(ctx, args, labelAction));
    return actionUsage(ctx, args, usage);
}

int actionUsage(Context &ctx, const QStringList &args, const QString &usage)
{
    const QString action = args.value(1);
    const bool askedForHelp = action == QLatin1String("--help") || action == QLatin1String("-h");
    if (!action.isEmpty() && !askedForHelp) {
        ctx.err << args.value(0) << ": unknown action '" << action << "' (see " << args.value(0) << " --help)\n";
        return ExitUsage;
    }
    (askedForHelp ? ctx.out : ctx.err) << usage;
    return askedForHelp ? ExitOk : ExitUsage;
}

}  // namespace gauntlet::cli
