package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

class LabelCodecTest {

    private static final String HASH = Sha1.hex(Sha1.of("chunk"));

    @Test
    void fullRecord() {
        Label label = LabelCodec.parse(
                "{\"hash\":\"" + HASH + "\",\"kind\":\"file\",\"op\":\"remove\",\"source\":\"informed:x\","
                        + "\"example_url\":\"http://a.org/\",\"count\":12,\"hosts\":3,\"text\":\"Some text\"}");
        assertThat(label)
                .isEqualTo(new Label(
                        HASH, Label.KIND_FILE, Label.OP_REMOVE, "informed:x", "http://a.org/", 12L, 3L, "Some text"));
    }

    @Test
    void aDiscoveredLabelNamesItsFamilyAndTheFamilysSource() {
        String json = "{\"hash\":\"" + HASH + "\",\"source\":\"discover:r\",\"family\":\"f1\","
                + "\"family_source\":\"https://docs.author.org/\"}";
        Label label = LabelCodec.parse(json);
        assertThat(label.family()).isEqualTo("f1");
        assertThat(label.familySource()).isEqualTo("https://docs.author.org/");
        assertThat(LabelCodec.parse(LabelCodec.write(label))).isEqualTo(label);
        assertThat(LabelCodec.write(label.withFamilySource(null))).doesNotContain("family_source");
    }

    @Test
    void defaultsAreAddAndChunk() {
        Label label = LabelCodec.parse("{\"hash\":\"" + HASH + "\"}");
        assertThat(label).isEqualTo(new Label(HASH, Label.KIND_CHUNK, Label.OP_ADD, null, null, null, null, null));
        assertThat(LabelCodec.parse("{\"hash\":\"" + HASH + "\",\"kind\":null,\"op\":null}"))
                .isEqualTo(label);
    }

    @Test
    void stopKind() {
        assertThat(LabelCodec.parse("{\"hash\":\"" + HASH + "\",\"kind\":\"stop\"}")
                        .kind())
                .isEqualTo(Label.KIND_STOP);
    }

    @Test
    void hashIsTrimmedAndLowerCased() {
        assertThat(LabelCodec.parse("{\"hash\":\"  " + HASH.toUpperCase() + " \"}")
                        .hash())
                .isEqualTo(HASH);
    }

    @Test
    void unknownFieldsAreTolerated() {
        assertThat(LabelCodec.parse("{\"hash\":\"" + HASH + "\",\"comment\":\"x\",\"extra\":{\"a\":1}}")
                        .hash())
                .isEqualTo(HASH);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"kind\":\"chunk\"}", "{\"hash\":null}", "null"})
    void missingHash(String json) {
        assertThatThrownBy(() -> LabelCodec.parse(json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hash");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "",
                "zz00000000000000000000000000000000000000",
                "0000000000000000000000000000000000000000aa"
            })
    void invalidHash(String hash) {
        assertThatThrownBy(() -> LabelCodec.parse("{\"hash\":\"" + hash + "\"}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unknownKind() {
        assertThatThrownBy(() -> LabelCodec.parse("{\"hash\":\"" + HASH + "\",\"kind\":\"template\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("template");
    }

    @Test
    void unknownOp() {
        assertThatThrownBy(() -> LabelCodec.parse("{\"hash\":\"" + HASH + "\",\"op\":\"delete\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delete");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{",
                "not json",
                "[]",
                "[1,2]",
                "\"text\"",
                "{\"hash\":\"0000000000000000000000000000000000000000\",\"count\":\"many\"}"
            })
    void invalidJson(String json) {
        assertThatThrownBy(() -> LabelCodec.parse(json)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nullInput() {
        assertThatThrownBy(() -> LabelCodec.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writeUsesSnakeCaseAndLeavesOutNulls() {
        Label label = new Label(HASH, Label.KIND_CHUNK, Label.OP_ADD, "s", "http://a.org/", null, 2L, null);
        String json = LabelCodec.write(label);
        assertThat(json)
                .contains("\"example_url\":\"http://a.org/\"", "\"hosts\":2")
                .doesNotContain("null", "count", "text", "exampleUrl");
    }

    @Test
    void roundTrip() {
        Label label = new Label(
                HASH,
                Label.KIND_STOP,
                Label.OP_ADD,
                "informed:ref.jsonl.gz",
                "http://a.org/x",
                5L,
                2L,
                "Text with \"quotes\"\nand é");
        assertThat(LabelCodec.parse(LabelCodec.write(label))).isEqualTo(label);
    }

    @Test
    void keyIsKindAndHash() {
        assertThat(LabelCodec.key(new Label(HASH, Label.KIND_FILE, Label.OP_ADD, null, null, null, null, null)))
                .isEqualTo("file:" + HASH);
        assertThat(LabelCodec.key(LabelCodec.parse("{\"hash\":\"" + HASH.toUpperCase() + "\"}")))
                .isEqualTo("chunk:" + HASH);
        // add and remove of the same label share the key, so compaction keeps the latest
        assertThat(LabelCodec.key(new Label(HASH, Label.KIND_STOP, Label.OP_REMOVE, null, null, null, null, null)))
                .isEqualTo(LabelCodec.key(new Label(HASH, Label.KIND_STOP, Label.OP_ADD, "s", null, null, null, null)));
    }
}
