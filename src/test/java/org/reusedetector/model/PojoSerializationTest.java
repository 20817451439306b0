package org.reusedetector.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.CompositeType;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.ListTypeInfo;
import org.apache.flink.api.java.typeutils.MapTypeInfo;
import org.apache.flink.api.java.typeutils.ObjectArrayTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.reusedetector.batch.BadnessStatistic;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.batch.PageResult;
import org.reusedetector.discover.ChunkSample;
import org.reusedetector.discover.DiscoverySummary;
import org.reusedetector.discover.DiscoveryThresholds;
import org.reusedetector.discover.HashCount;
import org.reusedetector.discover.HistogramRow;
import org.reusedetector.discover.RecursionUrl;
import org.reusedetector.discover.Tally;
import org.reusedetector.discover.Verdict;

/**
 * Every record passed between Flink operators must be a Flink POJO: with generic types disabled, a type that fell
 * back to Kryo would fail here instead of silently costing throughput (and state compatibility) in the job.
 */
class PojoSerializationTest {

    private static final SourceChunks SOURCE_CHUNKS =
            new SourceChunks("src.org", 40, "https://src.org/p", new long[] {-3, 7}, new int[] {1, -2});
    private static final Copy COPY = new Copy("src.org", 0.5, 20, 40, "https://src.org/p");
    private static final Evidence EVIDENCE =
            new Evidence("a9993e364706816aba3e25717850c26c9cd0d89d", Label.KIND_CHUNK, "informed:ref", "http://a.org/");
    private static final Evidence BARE_EVIDENCE =
            new Evidence("da39a3ee5e6b4b0d3255bfef95601890afd80709", Label.KIND_FILE, null, null);

    static Stream<Arguments> instances() {
        return Stream.of(
                Arguments.of(
                        PageRecord.class,
                        List.of(
                                new PageRecord(
                                        "http://a.org/",
                                        "2024-01-01T00:00:00Z",
                                        1704067200000L,
                                        200,
                                        "text/html",
                                        "<p>x</p>",
                                        "{\"k\":1}"),
                                new PageRecord("http://a.org/", "2024-01-01T00:00:00Z", 0L, null, null, "", null))),
                Arguments.of(
                        HashedPage.class,
                        List.of(
                                new HashedPage(
                                        "http://a.org/",
                                        5L,
                                        new byte[20],
                                        new byte[] {
                                            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, -1,
                                            -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16, -17, -18,
                                            -19, -20
                                        },
                                        new int[] {120, 7},
                                        999),
                                new HashedPage("http://a.org/", 0L, new byte[20], new byte[0], new int[0], 0),
                                new HashedPage(null, 0L, null, null, null, 0))),
                Arguments.of(Evidence.class, List.of(EVIDENCE, BARE_EVIDENCE, new Evidence(null, null, null, null))),
                Arguments.of(
                        PageScore.class,
                        List.of(
                                new PageScore(
                                        "http://a.org/", 1L, 4, 2, 0.5, false, new Evidence[] {EVIDENCE, BARE_EVIDENCE
                                        }),
                                new PageScore("http://a.org/", 1L, 0, 0, 1.0, true, new Evidence[0]),
                                new PageScore(null, 1L, 0, 0, 0.0, false, null),
                                new PageScore(
                                        "http://a.org/", 1L, 3, 1, 1.0 / 3, false, new Evidence[] {null, EVIDENCE}),
                                new PageScore(
                                        "http://a.org/", 1L, 3, 2, 2.0 / 3, false, new Evidence[0], new SourceChunks[] {
                                            SOURCE_CHUNKS, null
                                        }))),
                Arguments.of(SourceChunks.class, List.of(SOURCE_CHUNKS, new SourceChunks(null, 0, null, null, null))),
                Arguments.of(Copy.class, List.of(COPY, new Copy(null, Double.NaN, 0, 0, null))),
                Arguments.of(
                        Label.class,
                        List.of(
                                new Label(
                                        "a9993e364706816aba3e25717850c26c9cd0d89d",
                                        Label.KIND_STOP,
                                        Label.OP_ADD,
                                        "s",
                                        "http://a.org/",
                                        3L,
                                        2L,
                                        "text"),
                                new Label(
                                        "a9993e364706816aba3e25717850c26c9cd0d89d",
                                        Label.KIND_CHUNK,
                                        Label.OP_REMOVE,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null))),
                Arguments.of(
                        Alert.class,
                        List.of(
                                new Alert(
                                        AlertType.PAGE,
                                        "http://a.org/p",
                                        null,
                                        0.5,
                                        0.144,
                                        null,
                                        4,
                                        2,
                                        "2024-01-01T00:00:00Z",
                                        "2024-01-02T00:00:00Z",
                                        new Evidence[] {EVIDENCE},
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null),
                                new Alert(
                                        AlertType.NEIGHBORHOOD,
                                        null,
                                        "http://a.org/x/",
                                        0.7,
                                        0.3,
                                        12L,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null,
                                        null))),
                Arguments.of(
                        DeadLetter.class,
                        List.of(
                                new DeadLetter(
                                        "invalid-json",
                                        "invalid JSON: ...",
                                        "pages/0/17",
                                        "{",
                                        false,
                                        "2024-01-01T00:00:00Z"),
                                new DeadLetter(null, null, null, null, true, null))),
                Arguments.of(
                        SourceRecord.class,
                        List.of(new SourceRecord("{\"a\":1}", "pages.jsonl:1"), new SourceRecord(null, null))),
                Arguments.of(
                        PrefixDelta.class,
                        List.of(
                                new PrefixDelta("http://a.org/x/", 1, 8L, 2.0, 7L, new Evidence[] {EVIDENCE}),
                                new PrefixDelta("http://a.org/", -1, -8L, -2.0, 8L, new Evidence[0]),
                                new PrefixDelta(null, 0, 0L, 0.0, 0L, null))),
                Arguments.of(
                        PrefixScore.class,
                        List.of(
                                PrefixScore.of(
                                        "http://a.org/x/",
                                        6,
                                        0.4,
                                        5,
                                        0.3,
                                        9L,
                                        new Evidence[] {EVIDENCE, BARE_EVIDENCE},
                                        Double.NaN),
                                PrefixScore.of(null, 0, 0.0, 0, 0.0, 0L, null, 0.2),
                                PrefixScore.of("http://a.org/", 1, 0.1, 0, 0, 1L, null, 0.2)
                                        .withBounds(0.1, 0.3)
                                        .withCopies(new Copy[] {COPY, null}),
                                new PrefixScore("http://a.org/", 3, 0.5, 2, 0.4, 1L, null, 0.2, 0.7, null, 0.25))),
                // blind discovery
                Arguments.of(
                        ChunkSample.class,
                        List.of(
                                new ChunkSample("a9993e364706816aba3e25717850c26c9cd0d89d", "text"),
                                new ChunkSample(null, null))),
                Arguments.of(
                        Tally.class,
                        List.of(
                                new Tally(
                                        Label.KIND_CHUNK,
                                        "a9993e364706816aba3e25717850c26c9cd0d89d",
                                        3,
                                        2,
                                        2,
                                        0L,
                                        2,
                                        "http://a.org/",
                                        null,
                                        12),
                                new Tally(Label.KIND_FILE, "h", 7, 2, 2, -42L, 5, null, "text", 0))),
                Arguments.of(
                        HashCount.class,
                        List.of(
                                new HashCount(
                                        "a9993e364706816aba3e25717850c26c9cd0d89d",
                                        Label.KIND_CHUNK,
                                        40,
                                        12,
                                        2,
                                        3,
                                        30,
                                        "http://a.org/",
                                        "text",
                                        Verdict.LABEL),
                                new HashCount(null, null, 0, 0, 0, 0, 0, null, null, null))),
                Arguments.of(
                        HistogramRow.class,
                        List.of(new HistogramRow(Label.KIND_CHUNK, 3, 1200), new HistogramRow(null, 0, 0))),
                Arguments.of(
                        DiscoverySummary.class,
                        List.of(
                                new DiscoverySummary(
                                        "discover-r",
                                        25,
                                        70,
                                        1,
                                        1,
                                        100,
                                        "structure",
                                        "hosts >= 3",
                                        1,
                                        1,
                                        3,
                                        25,
                                        22,
                                        4,
                                        1,
                                        2,
                                        1,
                                        1,
                                        1,
                                        0,
                                        2,
                                        1,
                                        3),
                                DiscoverySummary.empty())),
                Arguments.of(
                        DiscoveryThresholds.class,
                        List.of(new DiscoveryThresholds(8_635, 33, 33, 0), new DiscoveryThresholds(8_635, 1, 1, 30))),
                Arguments.of(
                        RecursionUrl.class, List.of(new RecursionUrl("http://a.org/x/x/x/x/"), new RecursionUrl(null))),
                Arguments.of(
                        org.reusedetector.discover.PageHashes.class,
                        List.of(
                                new org.reusedetector.discover.PageHashes(
                                        7,
                                        "http://a.org/p?x=1",
                                        "http://a.org/p",
                                        "a.org",
                                        5L,
                                        (byte) 0,
                                        true,
                                        new byte[40]),
                                new org.reusedetector.discover.PageHashes(
                                        0, null, null, null, 0L, (byte) 2, false, null))),
                Arguments.of(
                        org.reusedetector.discover.CountBlock.class,
                        List.of(
                                new org.reusedetector.discover.CountBlock(1, 2, 3, new byte[] {1, 2, 3}, new String[0]),
                                new org.reusedetector.discover.CountBlock(
                                        0, 0, 0, null, new String[] {"http://a.org/"}))),
                // backfill
                Arguments.of(
                        PageResult.class,
                        List.of(
                                new PageResult("http://a.org/p", 4, 2, 0.5, false, true),
                                new PageResult(null, 0, 0, 0.0, false, false))),
                Arguments.of(
                        NeighbourhoodResult.class,
                        List.of(
                                new NeighbourhoodResult(
                                        "http://a.org/x/", 6, 0.4, true, 0.3, 9L, new Evidence[] {EVIDENCE}, Copy.NONE),
                                new NeighbourhoodResult(null, 0, 0.0, false, Double.NaN, 0L, null, Copy.NONE))),
                Arguments.of(
                        BadnessStatistic.class,
                        List.of(BadnessStatistic.of(0.25).plus(BadnessStatistic.of(0.5)), BadnessStatistic.empty())));
    }

    private static SerializerConfigImpl noGenericTypes() {
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        assertThat(config.hasGenericTypesDisabled()).isTrue();
        return config;
    }

    /** No field anywhere below falls back to a generic (Kryo) type. */
    private static void assertNoGenericTypes(TypeInformation<?> type, String path) {
        assertThat(type).as("type of %s", path).isNotInstanceOf(GenericTypeInfo.class);
        if (type instanceof CompositeType<?> composite) {
            for (int i = 0; i < composite.getArity(); i++) {
                assertNoGenericTypes(
                        composite.getTypeAt(i), path + "." + composite.getFieldNames()[i]);
            }
        } else if (type instanceof ObjectArrayTypeInfo<?, ?> array) {
            assertNoGenericTypes(array.getComponentInfo(), path + "[]");
        } else if (type instanceof ListTypeInfo<?> list) {
            assertNoGenericTypes(list.getElementTypeInfo(), path + "[]");
        } else if (type instanceof MapTypeInfo<?, ?> map) {
            assertNoGenericTypes(map.getKeyTypeInfo(), path + ".key");
            assertNoGenericTypes(map.getValueTypeInfo(), path + ".value");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("instances")
    <T> void isAPojoAndRoundTripsWithoutGenericTypes(Class<T> type, List<T> values) throws IOException {
        TypeInformation<T> info = TypeInformation.of(type);
        assertThat(info).as("%s is a Flink POJO", type.getSimpleName()).isInstanceOf(PojoTypeInfo.class);
        assertThat(info.getArity()).isEqualTo(type.getRecordComponents().length);
        assertNoGenericTypes(info, type.getSimpleName());

        TypeSerializer<T> serializer = info.createSerializer(noGenericTypes());
        for (T value : values) {
            DataOutputSerializer out = new DataOutputSerializer(256);
            serializer.serialize(value, out);
            T back = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
            assertThat(back)
                    .as("round trip of %s", value)
                    .usingRecursiveComparison()
                    .withEqualsForType(Double::equals, Double.class)
                    .isEqualTo(value);
            assertThat(serializer.copy(value))
                    .as("copy of %s", value)
                    .usingRecursiveComparison()
                    .withEqualsForType(Double::equals, Double.class)
                    .isEqualTo(value);
        }
        // a duplicated serializer (as every parallel task gets) reads what the original wrote
        DataOutputSerializer out = new DataOutputSerializer(256);
        for (T value : values) {
            serializer.serialize(value, out);
        }
        TypeSerializer<T> other = serializer.duplicate();
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (T value : values) {
            assertThat(other.deserialize(in))
                    .usingRecursiveComparison()
                    .withEqualsForType(Double::equals, Double.class)
                    .isEqualTo(value);
        }
        assertThat(in.available()).isZero();
    }

    /** A record with a field Flink can only serialise with Kryo. */
    public record WithGenericField(String name, Map<String, Object> attributes) {}

    @Test
    void guardCatchesAGenericField() {
        TypeInformation<WithGenericField> info = TypeInformation.of(WithGenericField.class);
        assertThat(info).isInstanceOf(PojoTypeInfo.class);
        assertThatThrownBy(() -> assertNoGenericTypes(info, "WithGenericField")).isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> info.createSerializer(noGenericTypes()))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
