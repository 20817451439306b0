package org.reusedetector.discover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.model.Label;

class LabelDiffTest {

    static final String A = "a".repeat(40);
    static final String B = "b".repeat(40);
    static final String C = "c".repeat(40);
    static final String D = "d".repeat(40);
    static final String E = "e".repeat(40);

    static Label add(String hash, String kind, String source) {
        return new Label(hash, kind, Label.OP_ADD, source, "https://x.example/", 50L, 40L, null);
    }

    @Test
    void publishesNewLabelsAndRemovesDiscoveredOnesNoLongerFrequent() {
        List<Label> previous = List.of(
                add(A, "chunk", "discover:run1"), // still frequent: nothing to publish
                add(B, "chunk", "discover:run1"), // no longer frequent: remove
                add(C, "chunk", "informed:wiki"), // another source: never removed
                add(D, "file", "discover:run1"),
                new Label(D, "file", Label.OP_REMOVE, "discover:run1", null, null, null, null)); // already removed
        List<Label> current = List.of(
                add(A, "chunk", "discover:run2"),
                add(E, "chunk", "discover:run2"), // new
                add(D, "file", "discover:run2"), // frequent again after its removal
                add(C, "chunk", "discover:run2")); // also labelled by an expert: published under its own key, beside it

        LabelDiff diff = LabelDiff.between(previous, current, "discover:run2");

        assertThat(diff.adds())
                .extracting(Label::hash, Label::kind, Label::op)
                .containsExactly(tuple(E, "chunk", "add"), tuple(D, "file", "add"), tuple(C, "chunk", "add"));
        assertThat(diff.removes())
                .containsExactly(new Label(B, "chunk", Label.OP_REMOVE, "discover:run2", null, null, null, null));
        assertThat(diff.records()).extracting(Label::op).containsExactly("remove", "add", "add", "add");
        assertThat(LabelCodec.key(diff.adds().get(2)))
                .isNotEqualTo(LabelCodec.key(previous.get(2))); // the expert's record stays
    }

    @Test
    void theSameKindAndHashIsOneLabelButChunkAndFileAreTwo() {
        LabelDiff diff = LabelDiff.between(
                List.of(add(A, "chunk", "discover:1")), List.of(add(A, "file", "discover:2")), "discover:2");
        assertThat(diff.adds()).extracting(Label::kind).containsExactly("file");
        assertThat(diff.removes()).extracting(Label::kind).containsExactly("chunk");
    }

    @Test
    void aLabelWhoseFamilyOrFamilySourceChangedIsPublishedAgain() {
        Label before = new Label(A, "chunk", Label.OP_ADD, "discover:run1", "https://x.example/", 50L, 40L, null, "f1");
        Label sourced = new Label(A, "chunk", Label.OP_ADD, "discover:run2", "https://x.example/", 50L, 40L, null, "f1")
                .withFamilySource("https://docs.author.org/");
        Label moved = new Label(A, "chunk", Label.OP_ADD, "discover:run2", "https://x.example/", 50L, 40L, null, "f2");
        assertThat(LabelDiff.between(List.of(before), List.of(sourced), "discover:run2")
                        .adds())
                .containsExactly(sourced);
        assertThat(LabelDiff.between(List.of(before), List.of(moved), "discover:run2")
                        .adds())
                .containsExactly(moved);
        assertThat(LabelDiff.between(List.of(sourced), List.of(sourced), "discover:run3")
                        .isEmpty())
                .isTrue();
    }

    @Test
    void anUnchangedSetPublishesNothing() {
        List<Label> labels = List.of(add(A, "chunk", "discover:1"), add(B, "file", "discover:1"));
        assertThat(LabelDiff.between(labels, labels, "discover:2").isEmpty()).isTrue();
        assertThat(LabelDiff.between(List.of(), labels, "discover:1").adds()).hasSize(2);
    }
}
