package org.reusedetector.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reusedetector.batch.PageResult;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Evidence;

/** The pages the word signals alerted, as the report groups them. */
class WordCopiesTest {

    private static final String SOURCE = "https://docs.example.org/";

    private static Alert nearCopy(String url, String source, double resemblance) {
        return Alert.nearCopy(
                url, 0L, resemblance, 0.4, new Evidence("h" + url.length(), "shingle", "informed", source));
    }

    @Test
    void aPageAlertedTwiceKeepsItsCloserMatchAndBothSignals() {
        WordCopies words = new WordCopies();
        words.accept(nearCopy("https://spin.example.net/a.html", SOURCE + "a.html", 0.6));
        words.accept(nearCopy("https://spin.example.net/a.html", SOURCE + "b.html", 0.7));
        // a near-duplicate names its labelled page in its evidence; its resemblance is its badness, 1
        words.accept(Alert.nearDuplicate(
                "https://spin.example.net/c.html",
                0L,
                "lex#1",
                new Evidence("s", "imatch", "informed", SOURCE + "c.html")));
        words.accept(nearCopy("https://spin.example.net/c.html", SOURCE + "c.html", 0.5));

        assertThat(words.pages())
                .extracting(
                        WordCopies.Page::url,
                        WordCopies.Page::matchedUrl,
                        WordCopies.Page::resemblance,
                        WordCopies.Page::signals,
                        WordCopies.Page::source)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "https://spin.example.net/c.html",
                                SOURCE + "c.html",
                                1.0,
                                List.of("near-copy", "near-duplicate"),
                                "example.org"),
                        org.assertj.core.groups.Tuple.tuple(
                                "https://spin.example.net/a.html",
                                SOURCE + "b.html",
                                0.7,
                                List.of("near-copy"),
                                "example.org"));
    }

    @Test
    void otherAlertsWordAlertsThatNameNoPageAndPagesOfTheSourceSiteAreLeftOut() {
        WordCopies words = new WordCopies();
        words.accept(Alert.nearDuplicate(
                "https://spin.example.net/a.html", 0L, "lex#1", new Evidence("s", "imatch", "x", null)));
        words.accept(Alert.cleared("https://spin.example.net/", 0.1, 0.2, 3, 0L));
        // a page of the labelled page's own site (another host of it): its publisher's, no copy
        words.accept(nearCopy("https://www.example.org/a.html", SOURCE + "a.html", 0.9));

        assertThat(words.isEmpty()).isTrue();
        assertThat(words.ownSitePages()).isEqualTo(1);
    }

    @Test
    void identicalFilesCountAsCopyingHostsButAreNoRewrittenCopies() {
        WordCopies words = new WordCopies();
        words.accept(nearCopy("https://mirror.example.com/a.html", SOURCE + "a.html", 1.0));
        words.accept(nearCopy("https://spin.example.net/a.html", SOURCE + "a.html", 0.5));
        words.accept(new PageResult("https://mirror.example.com/a.html", 10, 10, 1.0, true, true));
        words.accept(new PageResult("https://spin.example.net/a.html", 10, 1, 0.1, false, false));

        assertThat(words.bySourceAndHost().get("example.org"))
                .containsOnlyKeys("mirror.example.com", "spin.example.net");
        List<WordCopies.Host> rewritten = words.hosts(false);
        assertThat(rewritten).extracting(WordCopies.Host::host).containsExactly("spin.example.net");
        assertThat(rewritten.get(0).meanLabelledShare()).isEqualTo(0.1);
        assertThat(rewritten.get(0).exactAlerts()).isZero();
        assertThat(rewritten.get(0).root()).isEqualTo("https://spin.example.net/");
    }

    @Test
    void manyCloseCopiesComeBeforeOneIdenticalPage() {
        WordCopies words = new WordCopies();
        words.accept(nearCopy("https://one.example.com/a.html", SOURCE + "a.html", 0.95));
        for (String p : List.of("a", "b", "c")) {
            words.accept(nearCopy("https://spin10.example.net/" + p + ".html", SOURCE + p + ".html", 0.5));
            words.accept(nearCopy("https://spin2.example.net/" + p + ".html", SOURCE + p + ".html", 0.5));
        }

        // weight 1.5, 1.5 (spin2 before spin10: natural order), then 0.95
        assertThat(words.hosts(false))
                .extracting(WordCopies.Host::host)
                .containsExactly("spin2.example.net", "spin10.example.net", "one.example.com");
    }
}
