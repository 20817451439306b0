package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Copy;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.JoinedPage;
import org.reusedetector.model.KeyedMatch;
import org.reusedetector.model.LabelAnswer;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.RecentPages;
import org.reusedetector.model.RememberedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.state.StateFormat;

/**
 * The detection state formats: a record round-trips, and the bytes each version wrote (committed under
 * {@code src/test/resources/state-formats/}, one file per format and version) still read as the record they were
 * written from. A new version adds its file and keeps the earlier ones; an earlier file never changes (write a new one
 * with {@code -Dstate.formats.write=$PWD/src/test/resources/state-formats} only for a version that has none yet).
 */
class StateFormatsTest {

    private static final Evidence[] EVIDENCE = {
        new Evidence("8f3a", "chunk", "informed:reference", "https://docs.example/a.html"),
        new Evidence("77c1", "file", "discover:run-1", null)
    };
    private static final Copy[] COPIES = {
        new Copy("docs.example", 0.25, 5, 20, "https://docs.example/a.html"), new Copy("family:12", 1.0, 3, 3, null)
    };

    static final NeighbourhoodState STATE =
            new NeighbourhoodState(12, 340, 87.5, EVIDENCE, 10_250.0, 1_300.25, 3_100.5, COPIES);
    static final NeighbourhoodVerdict VERDICT = new NeighbourhoodVerdict(
            new PrefixScore(
                    "https://wiki.clone.example/wiki/",
                    12,
                    0.74,
                    11,
                    0.7,
                    1_767_225_600_000L,
                    EVIDENCE,
                    0.31,
                    0.8,
                    COPIES,
                    0.66),
            true);
    static final List<PrefixDelta> PENDING_DELTAS = List.of(
            new PrefixDelta("https://a.example/", 1, 40, 12.5, 7L, EVIDENCE, 1600, 156.25, 500, new SourceChunks[] {
                new SourceChunks("docs.example", 20, null, new long[] {-5, 17}, new int[] {1, -1})
            }),
            new PrefixDelta("https://a.example/", -1, -10, 0, 7L, new Evidence[0]));
    static final LabelQuery QUERY =
            new LabelQuery(42L, 7, new int[] {0, 3}, new byte[] {1, 2, 3, 4}, 1_767_225_600_000L);
    /** What version 1 of the query's format held: no fetch time. */
    static final LabelQuery QUERY_V1 =
            new LabelQuery(42L, 7, new int[] {0, 3}, new byte[] {1, 2, 3, 4}, LabelQuery.UNKNOWN_TIME);

    static final RecentPages RECENT_PAGES =
            new RecentPages(new int[] {0x1234_5678, -7}, new int[] {3, -1}, new long[] {42L, -9L}, new long[] {
                1_767_225_600_000L, 1_767_225_660_000L
            });
    static final LabelAnswer ANSWER =
            new LabelAnswer(42L, new int[] {3}, new byte[] {2}, new String[] {"informed:docs\u0000https://d/"});
    static final UrlContribution CONTRIBUTION = new UrlContribution(40, 12.5, 1_767_225_600_000L, new SourceChunks[] {
        new SourceChunks(
                "docs.example", 20, "https://docs.example/a.html", new long[] {-5, 17, 99}, new int[] {1, 1, 1}),
        new SourceChunks("family:12", 3, null, new long[] {4}, new int[] {1})
    });

    static final HashedPage PAGE = new HashedPage(
                    "https://wiki.clone.example/wiki/a.html",
                    1_767_225_600_000L,
                    new byte[] {1, 2, 3},
                    new byte[] {4, 5, 6, 7},
                    new int[] {120, 80},
                    4_096)
            .with(ResultKey.bytes("imatch.signatures"), new byte[] {9, 9})
            .with(ResultKey.longs("near-copy.sketch"), new long[] {-1, 42})
            .with(CopyMark.KEY, new CopyMark("https://docs.example/a.html", 0.85))
            .with(ResultKey.longs("quilt.grams"), new long[] {7, 8, 9});

    @Test
    void recordsRoundTrip() throws IOException {
        assertRoundTrip(new HashedPageFormat(), PAGE);
        assertRoundTrip(new HashedPageFormat(), new HashedPage("u", 0, new byte[20], new byte[0], new int[0], 0));
        assertRoundTrip(new NeighbourhoodStateFormat(), STATE);
        assertRoundTrip(new NeighbourhoodStateFormat(), new NeighbourhoodState(0, 0, 0, new Evidence[0]));
        assertRoundTrip(new NeighbourhoodVerdictFormat(), VERDICT);
        assertRoundTrip(new NeighbourhoodVerdictFormat(), new NeighbourhoodVerdict(null, false));
        assertRoundTrip(
                new NeighbourhoodVerdictFormat(),
                new NeighbourhoodVerdict(PrefixScore.of("p", 0, 0, 1, 0.5, 0, new Evidence[0], Double.NaN), false));
        assertRoundTrip(new UrlContributionFormat(), CONTRIBUTION);
        assertRoundTrip(new UrlContributionFormat(), new UrlContribution(0, 0, 0));
        assertRoundTrip(new PrefixScoreFormat(), VERDICT.latest());
        for (PrefixDelta delta : PENDING_DELTAS) {
            assertRoundTrip(new PrefixDeltaFormat(), delta);
        }
        assertRoundTrip(new LabelQueryFormat(), QUERY);
        assertRoundTrip(new LabelAnswerFormat(), ANSWER);
        assertRoundTrip(new LabelAnswerFormat(), new LabelAnswer(1L, null, null, null));
        assertRoundTrip(new KeyedMatchFormat(), new KeyedMatch(42L, PAGE, 3, ANSWER));
        assertRoundTrip(new KeyedMatchFormat(), new KeyedMatch(42L, null, 0, null));
        assertRoundTrip(new JoinedPageFormat(), new JoinedPage(PAGE, new LabelAnswer[] {ANSWER, ANSWER}));
        assertRoundTrip(new RecentPagesFormat(), RECENT_PAGES);
        assertRoundTrip(new RecentPagesFormat(), RecentPages.EMPTY);
        assertRoundTrip(new RememberedPageFormat(), new RememberedPage(PAGE, ANSWER, true));
    }

    @Test
    void everyVersionsBytesStillRead() throws IOException {
        // version 1's grams of the retired stream quilt signal are read past; version 2 keeps any result as it is
        HashedPage pageOfV1 = PAGE.without(ResultKey.longs("quilt.grams"));
        assertReads(new HashedPageFormat(), HashedPageFormat.V1, pageOfV1);
        assertReads(new HashedPageFormat(), HashedPageFormat.V2, PAGE);
        assertReads(new NeighbourhoodStateFormat(), NeighbourhoodStateFormat.V1, STATE);
        assertReads(new NeighbourhoodVerdictFormat(), NeighbourhoodVerdictFormat.V1, VERDICT);
        assertReads(new UrlContributionFormat(), UrlContributionFormat.V1, CONTRIBUTION);
        assertReads(new PrefixScoreFormat(), PrefixScoreFormat.V1, VERDICT.latest());
        assertReads(new PrefixDeltaFormat(), PrefixDeltaFormat.V1, PENDING_DELTAS.get(0));
        assertReads(new LabelQueryFormat(), 1, QUERY_V1);
        assertReads(new LabelQueryFormat(), 2, QUERY);
        assertReads(new RecentPagesFormat(), 1, RECENT_PAGES);
        assertReads(new RememberedPageFormat(), 1, new RememberedPage(pageOfV1, ANSWER, true));
        assertReads(new LabelAnswerFormat(), 1, ANSWER);
        assertReads(new KeyedMatchFormat(), 1, new KeyedMatch(42L, pageOfV1, 3, ANSWER));
        assertReads(new JoinedPageFormat(), 1, new JoinedPage(pageOfV1, new LabelAnswer[] {ANSWER}));
    }

    @Test
    void theFormatsAreRegisteredUnderTheirNamesAndTakeOverTheirPojos() {
        List<String> names = ServiceLoader.load(StateFormat.class).stream()
                .map(p -> p.get().name())
                .toList();
        assertThat(names)
                .contains(
                        HashedPageFormat.NAME,
                        NeighbourhoodStateFormat.NAME,
                        NeighbourhoodVerdictFormat.NAME,
                        UrlContributionFormat.NAME,
                        PrefixScoreFormat.NAME,
                        PrefixDeltaFormat.NAME,
                        LabelQueryFormat.NAME,
                        LabelAnswerFormat.NAME,
                        KeyedMatchFormat.NAME,
                        JoinedPageFormat.NAME,
                        RecentPagesFormat.NAME,
                        RememberedPageFormat.NAME)
                .doesNotHaveDuplicates();
    }

    /** A checkpoint of a later release (or another format's bytes) fails to read, whichever the format. */
    @Test
    void everyFormatRejectsAVersionItNeverWrote() {
        for (StateFormat<?> format : ServiceLoader.load(StateFormat.class)) {
            for (int version : new int[] {0, format.getVersion() + 1}) {
                assertThatThrownBy(() -> format.deserialize(version, new byte[64]))
                        .as("%s version %d", format.name(), version)
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("unknown version " + version + " of state format " + format.name());
            }
        }
    }

    private static <T> void assertSame(T actual, T expected) {
        assertThat(actual)
                .usingRecursiveComparison()
                .withComparatorForType(Double::compare, Double.class)
                .isEqualTo(expected);
    }

    /** Doubles compare exactly, NaN equal to NaN: a format writes them bit for bit. */
    private static <T> void assertRoundTrip(StateFormat<T> format, T record) throws IOException {
        T read = format.deserialize(format.getVersion(), format.serialize(record));
        assertThat(read)
                .usingRecursiveComparison()
                .withComparatorForType(Double::compare, Double.class)
                .isEqualTo(record);
    }

    private static <T> void assertReads(StateFormat<T> format, int version, T expected) throws IOException {
        String file = format.name() + "-v" + version + ".bin";
        String writeTo = System.getProperty("state.formats.write");
        if (writeTo != null && version == format.getVersion()) {
            Path target = Path.of(writeTo, file);
            if (!Files.exists(target)) {
                Files.createDirectories(target.getParent());
                Files.write(target, format.serialize(expected));
            }
        }
        try (InputStream in = StateFormatsTest.class.getResourceAsStream("/state-formats/" + file)) {
            assertThat(in).as("byte fixture %s", file).isNotNull();
            T read = format.deserialize(version, in.readAllBytes());
            assertThat(read)
                    .usingRecursiveComparison()
                    .withComparatorForType(Double::compare, Double.class)
                    .isEqualTo(expected);
        }
    }
}
