package org.reusedetector.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnapshotMarkerTest {

    @Test
    void hasAFixedJsonShapeAndKey() {
        SnapshotMarker marker = new SnapshotMarker("run \"7\"", 2);

        assertThat(marker.toJson()).isEqualTo("{\"op\":\"snapshot\",\"run\":\"run \\\"7\\\"\",\"partition\":2}");
        assertThat(marker.key()).isEqualTo("__snapshot__:2");
        assertThat(SnapshotMarker.parse(marker.toJson())).contains(marker);
        assertThat(SnapshotMarker.isMarker(marker.toJson())).isTrue();
    }

    @Test
    void toleratesFieldOrderAndSpacing() {
        assertThat(SnapshotMarker.parse("{ \"partition\": 0, \"run\": \"r\", \"op\": \"snapshot\" }"))
                .contains(new SnapshotMarker("r", 0));
    }

    @Test
    void labelsAndBrokenRecordsAreNoMarkers() {
        assertThat(
                        SnapshotMarker.isMarker(
                                "{\"hash\":\"a9993e364706816aba3e25717850c26c9cd0d89d\",\"op\":\"add\",\"text\":\"\\\"snapshot\\\"\"}"))
                .isFalse();
        assertThat(SnapshotMarker.isMarker("{\"op\":\"snapshot\",\"partition\":0}"))
                .isFalse();
        assertThat(SnapshotMarker.isMarker("{\"op\":\"snapshot\",\"run\":\"r\"}"))
                .isFalse();
        assertThat(SnapshotMarker.isMarker("{\"op\":\"snapshot\",\"run\":\"r\",\"partition\":-1}"))
                .isFalse();
        assertThat(SnapshotMarker.isMarker("{\"op\":\"snapshot\",\"run\":\"r\",\"partition\":1.5}"))
                .isFalse();
        assertThat(SnapshotMarker.isMarker("{\"op\":\"snapshot\",\"run\":\"r\""))
                .isFalse();
        assertThat(SnapshotMarker.isMarker(null)).isFalse();
    }
}
