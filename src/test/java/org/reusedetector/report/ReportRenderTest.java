package org.reusedetector.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a person sees it: rendered by headless Chromium (Debian's {@code chromium}) in a 1300×900 window, the
 * first screen holds the sentence naming the copied source and the first row of the table naming its copying hosts.
 * Skipped where no chromium is installed.
 */
class ReportRenderTest {

    private static final int WIDTH = 1300;
    private static final int HEIGHT = 900;

    /** Reads the layout into the DOM, for {@code --dump-dom}: where the answer's sentence and first row end. */
    private static final String PROBE = "<script>window.addEventListener('load',()=>{"
            + "const lead=document.querySelector('p.lead');"
            + "const row=document.querySelector('table tbody tr');"
            + "document.body.setAttribute('data-lead-bottom',Math.ceil(lead.getBoundingClientRect().bottom));"
            + "document.body.setAttribute('data-row-bottom',Math.ceil(row.getBoundingClientRect().bottom));"
            + "});</script>";

    @Test
    void theFirstScreenNamesTheCopiedSourceAndItsCopyingHosts(@TempDir Path in, @TempDir Path out) throws Exception {
        Path chromium = chromium();
        assumeTrue(chromium != null, "no chromium on the PATH");
        ReportFixtures.informedDetection(in);

        String dom = firstScreenHoldsTheAnswer(chromium, in, out);

        assertThat(dom).contains("docs-source.org → copied onto 15 hosts.");
    }

    @Test
    void hostsFoundByTheirWordingAloneKeepTheAnswerOnTheFirstScreen(@TempDir Path in, @TempDir Path out)
            throws Exception {
        Path chromium = chromium();
        assumeTrue(chromium != null, "no chromium on the PATH");
        ReportFixtures.spunDetection(in, false);

        String dom = firstScreenHoldsTheAnswer(chromium, in, out);

        assertThat(dom)
                .contains("docs-source.org → copied onto 19 hosts (4 of them found by their wording alone).")
                .contains("<h2>Rewritten copies</h2>")
                .contains("docs-source.org → 13 rewritten pages on 6 hosts");
    }

    /**
     * Renders the report of {@code in}: text on the top third, the answer's sentence above its first row, and that
     * row ending on the first screen. Returns the rendered DOM.
     */
    private static String firstScreenHoldsTheAnswer(Path chromium, Path in, Path out) throws Exception {
        Path html = ReportWriter.write(in, out).html();

        Path png = out.resolve("report.png");
        run(chromium, "--screenshot=" + png, html);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(WIDTH);
        assertThat(image.getHeight()).isEqualTo(HEIGHT);
        assertThat(darkPixels(image, HEIGHT / 3)).as("text on the top third").isGreaterThan(1000);

        Path probe = out.resolve("probe.html");
        Files.writeString(probe, Files.readString(html).replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8);
        String dom = run(chromium, "--dump-dom", probe);
        int leadBottom = attribute(dom, "data-lead-bottom");
        int rowBottom = attribute(dom, "data-row-bottom");
        assertThat(leadBottom).isPositive().isLessThan(rowBottom);
        assertThat(rowBottom)
                .as("the first row of the answer ends on the first screen")
                .isLessThanOrEqualTo(HEIGHT);
        return dom;
    }

    private static Path chromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "chromium");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String run(Path chromium, String action, Path page) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--window-size=" + WIDTH + "," + HEIGHT,
                action,
                page.toUri().toString()));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] stdout = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        return new String(stdout, StandardCharsets.UTF_8);
    }

    private static int attribute(String dom, String name) {
        Matcher m = Pattern.compile(name + "=\"(\\d+)\"").matcher(dom);
        assertThat(m.find()).as("%s in the rendered page", name).isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static long darkPixels(BufferedImage image, int rows) {
        long dark = 0;
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int luminance = ((rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff)) / 3;
                dark += luminance < 128 ? 1 : 0;
            }
        }
        return dark;
    }
}
