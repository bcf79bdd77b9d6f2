<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>gauntlet::AcceptanceGate</name>
    <message numerus="yes">
        <location filename="../engine/verify/acceptance_gate.cpp" line="171"/>
        <source>%n MT output(s) have unknown verdicts and could still pass all rules.</source>
        <translation>
            <numerusform>%n MT output has unknown verdicts and could still pass all rules.</numerusform>
            <numerusform>%n MT outputs have unknown verdicts and could still pass all rules.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../engine/verify/acceptance_gate.cpp" line="175"/>
        <source>LTB allows 2 of 10 MT outputs to pass all rules (at least 8 of 10 fail). With %n MT output(s), Gauntlet allows %1 to pass all rules (at most 2, never all); LTB&apos;s share would need %2 of %n to fail: add systems for a gate as strict as LTB&apos;s.</source>
        <translation>
            <numerusform>LTB allows 2 of 10 MT outputs to pass all rules (at least 8 of 10 fail). With %n MT output, Gauntlet allows %1 to pass all rules (at most 2, never all); LTB&apos;s share would need %2 of %n to fail: add systems for a gate as strict as LTB&apos;s.</numerusform>
            <numerusform>LTB allows 2 of 10 MT outputs to pass all rules (at least 8 of 10 fail). With %n MT outputs, Gauntlet allows %1 to pass all rules (at most 2, never all); LTB&apos;s share would need %2 of %n to fail: add systems for a gate as strict as LTB&apos;s.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::AdjudicationPage</name>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_adjudication_page.cpp" line="255"/>
        <source>%1 · %2 · stage %3 (%n annotators)</source>
        <translation>
            <numerusform>%1 · %2 · stage %3 (%n annotator)</numerusform>
            <numerusform>%1 · %2 · stage %3 (%n annotators)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentHistoryPage</name>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="277"/>
        <source>Delete %n run(s) (%1) with their steps, candidate archive and translations?</source>
        <translation>
            <numerusform>Delete %n run (%1) with its steps, candidate archive and translations?</numerusform>
            <numerusform>Delete %n runs (%1) with their steps, candidate archive and translations?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="280"/>
        <source>%n challenge example(s) made from them keep their texts but lose the link to the run.</source>
        <translation>
            <numerusform>%n challenge example made from them keeps its text but loses the link to the run.</numerusform>
            <numerusform>%n challenge examples made from them keep their texts but lose the link to the run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_history_page.cpp" line="295"/>
        <source>Deleted %n run(s).</source>
        <translation>
            <numerusform>Deleted %n run.</numerusform>
            <numerusform>Deleted %n runs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentStatusWidget</name>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_status_widget.cpp" line="44"/>
        <source>Augment: %n seed(s) queued</source>
        <translation>
            <numerusform>Augment: %n seed queued</numerusform>
            <numerusform>Augment: %n seeds queued</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::AugmentWorkspace</name>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_workspace.cpp" line="301"/>
        <source>All %n chosen seed(s) already have a finished run with these settings; uncheck &apos;Skip seeds already finished&apos; to run them again.</source>
        <translation>
            <numerusform>The chosen seed already has a finished run with these settings; uncheck &apos;Skip seeds already finished&apos; to run it again.</numerusform>
            <numerusform>All %n chosen seeds already have a finished run with these settings; uncheck &apos;Skip seeds already finished&apos; to run them again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/augment_workspace.cpp" line="306"/>
        <source>%n seed(s) skipped: they already have a finished run with these settings.</source>
        <translation>
            <numerusform>%n seed skipped: it already has a finished run with these settings.</numerusform>
            <numerusform>%n seeds skipped: they already have a finished run with these settings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageChartsPage</name>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_charts_page.cpp" line="290"/>
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n seed</numerusform>
            <numerusform>%n seeds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageTaxonomiesPage</name>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="110"/>
        <source>%n categories, %1 deterministic; added %2</source>
        <translation>
            <numerusform>%n category, %1 deterministic; added %2</numerusform>
            <numerusform>%n categories, %1 deterministic; added %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="140"/>
        <source>Imported taxonomy &apos;%1&apos; (%n categories) from %2</source>
        <translation>
            <numerusform>Imported taxonomy &apos;%1&apos; (%n category) from %2</numerusform>
            <numerusform>Imported taxonomy &apos;%1&apos; (%n categories) from %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="158"/>
        <source>Taxonomy &apos;%1&apos; (%n categories) is in the project</source>
        <translation>
            <numerusform>Taxonomy &apos;%1&apos; (%n category) is in the project</numerusform>
            <numerusform>Taxonomy &apos;%1&apos; (%n categories) is in the project</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_taxonomies_page.cpp" line="192"/>
        <source>Saved taxonomy &apos;%1&apos; (%n categories)</source>
        <translation>
            <numerusform>Saved taxonomy &apos;%1&apos; (%n category)</numerusform>
            <numerusform>Saved taxonomy &apos;%1&apos; (%n categories)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::CoverageWorkspace</name>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="87"/>
        <source>%n segment(s)</source>
        <translation>
            <numerusform>%n segment</numerusform>
            <numerusform>%n segments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="88"/>
        <source>%n document(s)</source>
        <translation>
            <numerusform>%n document</numerusform>
            <numerusform>%n documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="88"/>
        <source>%n system(s)</source>
        <translation>
            <numerusform>%n system</numerusform>
            <numerusform>%n systems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="106"/>
        <source>%n stored sample(s) were drawn under the current labels of &apos;%1&apos; with taxonomy &apos;%2&apos;. Classifying again replaces the labels and deletes these samples; their measures could no longer be reproduced.

Export them first with Export CSV in the Sample tab if you need them.</source>
        <translation>
            <numerusform>%n stored sample was drawn under the current labels of &apos;%1&apos; with taxonomy &apos;%2&apos;. Classifying again replaces the labels and deletes this sample; its measures could no longer be reproduced.

Export it first with Export CSV in the Sample tab if you need it.</numerusform>
            <numerusform>%n stored samples were drawn under the current labels of &apos;%1&apos; with taxonomy &apos;%2&apos;. Classifying again replaces the labels and deletes these samples; their measures could no longer be reproduced.

Export them first with Export CSV in the Sample tab if you need them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/coverage_workspace_jobs.cpp" line="168"/>
        <source>Not classified: the %n stored sample(s) drawn under the current labels are kept.</source>
        <translation>
            <numerusform>Not classified: the %n stored sample drawn under the current labels is kept.</numerusform>
            <numerusform>Not classified: the %n stored samples drawn under the current labels are kept.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::EvaluateWorkspace</name>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="379"/>
        <source>%n example(s) used</source>
        <translation>
            <numerusform>%n example used</numerusform>
            <numerusform>%n examples used</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_workspace.cpp" line="493"/>
        <source>Imported %n answer(s) of %1 into &apos;%2&apos;.</source>
        <translation>
            <numerusform>Imported %n answer of %1 into &apos;%2&apos;.</numerusform>
            <numerusform>Imported %n answers of %1 into &apos;%2&apos;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::MainWindow</name>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="178"/>
        <source>%n seed set(s)</source>
        <translation>
            <numerusform>%n seed set</numerusform>
            <numerusform>%n seed sets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="178"/>
        <source>%n seed(s)</source>
        <translation>
            <numerusform>%n seed</numerusform>
            <numerusform>%n seeds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="223"/>
        <source>%n run(s) whose process had ended were marked interrupted.</source>
        <translation>
            <numerusform>%n run whose process had ended was marked interrupted.</numerusform>
            <numerusform>%n runs whose process had ended were marked interrupted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/main_window.cpp" line="285"/>
        <source>Imported %n seed(s) into seed set &apos;%1&apos;</source>
        <translation>
            <numerusform>Imported %n seed into seed set &apos;%1&apos;</numerusform>
            <numerusform>Imported %n seeds into seed set &apos;%1&apos;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::ResultsPage</name>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="127"/>
        <source>verifier pass rate (%n examples)</source>
        <translation>
            <numerusform>verifier pass rate (%n example)</numerusform>
            <numerusform>verifier pass rate (%n examples)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/evaluate_results_page.cpp" line="129"/>
        <source>difficulty D of augmentation runs (%n texts)</source>
        <translation>
            <numerusform>difficulty D of augmentation runs (%n text)</numerusform>
            <numerusform>difficulty D of augmentation runs (%n texts)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::ReviewPanel</name>
    <message numerus="yes">
        <location filename="../app/workspaces/review_panel.cpp" line="389"/>
        <source>Imported %n example(s) from %1</source>
        <translation>
            <numerusform>Imported %n example from %1</numerusform>
            <numerusform>Imported %n examples from %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/review_panel.cpp" line="391"/>
        <source>%n example(s) already in the project were skipped.</source>
        <translation>
            <numerusform>%n example already in the project was skipped.</numerusform>
            <numerusform>%n examples already in the project were skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::RunMtPanel</name>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="47"/>
        <source>Translating %n text(s) with %1...</source>
        <translation>
            <numerusform>Translating %n text with %1...</numerusform>
            <numerusform>Translating %n texts with %1...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="77"/>
        <source>%n refused: the run&apos;s budget of endpoint requests is spent.</source>
        <translation>
            <numerusform>%n refused: the run&apos;s budget of endpoint requests is spent.</numerusform>
            <numerusform>%n refused: the run&apos;s budget of endpoint requests is spent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="79"/>
        <source>%n failed.</source>
        <translation>
            <numerusform>%n failed.</numerusform>
            <numerusform>%n failed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/workspaces/run_mt_panel_runs.cpp" line="154"/>
        <source>%1 (%2, %n MT output(s))</source>
        <translation>
            <numerusform>%1 (%2, %n MT output)</numerusform>
            <numerusform>%1 (%2, %n MT outputs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::RunOverlayDialog</name>
    <message numerus="yes">
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="88"/>
        <source>Objective of %n run(s)</source>
        <translation>
            <numerusform>Objective of %n run</numerusform>
            <numerusform>Objective of %n runs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gauntlet::SettingsDiffDialog</name>
    <message numerus="yes">
        <location filename="../app/workspaces/run_table_dialogs.cpp" line="73"/>
        <source>%n setting(s) differ (threads, device, dtype and batch size are not compared).</source>
        <translation>
            <numerusform>%n setting differs (threads, device, dtype and batch size are not compared).</numerusform>
            <numerusform>%n settings differ (threads, device, dtype and batch size are not compared).</numerusform>
        </translation>
    </message>
</context>
</TS>
