package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} renders cleanly: picocli formats descriptions with {@code String.format}, so a bare
 * {@code %} (as in "80 % of") makes it print a WARN and show the raw text instead.
 */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutFormatWarnings() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Main.commandLine(), commands);
        assertThat(commands).hasSizeGreaterThan(10);

        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        List<String> usages = new ArrayList<>();
        try {
            for (CommandLine command : commands) {
                usages.add(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
            }
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
        assertThat(usages).allSatisfy(usage -> assertThat(usage).doesNotContain("%n"));
        assertThat(String.join("\n", usages)).contains("80 % or more of their patch grams", "about 2-5% of the HTML");
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
