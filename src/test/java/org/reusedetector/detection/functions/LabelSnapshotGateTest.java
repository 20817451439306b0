package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.flink.api.common.state.BroadcastState;
import org.junit.jupiter.api.Test;
import org.reusedetector.format.SnapshotMarker;

class LabelSnapshotGateTest {

    /** The two calls the gate makes, on a plain map. */
    private static final class MapState implements BroadcastState<String, String> {
        final Map<String, String> map = new HashMap<>();

        @Override
        public void put(String key, String value) {
            map.put(key, value);
        }

        @Override
        public void putAll(Map<String, String> all) {
            map.putAll(all);
        }

        @Override
        public void remove(String key) {
            map.remove(key);
        }

        @Override
        public Iterator<Map.Entry<String, String>> iterator() {
            return map.entrySet().iterator();
        }

        @Override
        public Iterable<Map.Entry<String, String>> entries() {
            return map.entrySet();
        }

        @Override
        public String get(String key) {
            return map.get(key);
        }

        @Override
        public boolean contains(String key) {
            return map.containsKey(key);
        }

        @Override
        public Iterable<Map.Entry<String, String>> immutableEntries() {
            return Map.copyOf(map).entrySet();
        }

        @Override
        public void clear() {
            map.clear();
        }
    }

    @Test
    void opensOnceWhenEveryPartitionsMarkerOfThisRunIsIn() throws Exception {
        MapState state = new MapState();
        LabelSnapshotGate gate = new LabelSnapshotGate("run-2", 2);
        assertThat(gate.ready()).isFalse();
        assertThat(gate.onMarker(new SnapshotMarker("run-2", 0), state)).isFalse();
        assertThat(gate.onMarker(new SnapshotMarker("run-1", 1), state))
                .as("an older run's marker")
                .isFalse();
        assertThat(gate.onMarker(new SnapshotMarker("run-2", 1), state)).isTrue();
        assertThat(gate.ready()).isTrue();
        assertThat(gate.onMarker(new SnapshotMarker("run-2", 1), state))
                .as("opens once")
                .isFalse();
        assertThat(state.get(LabelSnapshotGate.READY)).isEqualTo("run-2");
        assertThat(state.map.keySet()).allMatch(LabelSnapshotGate::isOwnKey);
    }

    @Test
    void aRestoredStateOpensTheGateOnlyForTheRunThatLoadedIt() {
        LabelSnapshotGate resumed = new LabelSnapshotGate("run-3", 1);
        resumed.restore("run-2");
        assertThat(resumed.ready()).as("a new run waits for its own markers").isFalse();
        LabelSnapshotGate same = new LabelSnapshotGate("run-3", 1);
        same.restore("run-3");
        assertThat(same.ready()).isTrue();
        LabelSnapshotGate noWait = new LabelSnapshotGate(null, 2);
        noWait.restore(null);
        assertThat(noWait.ready()).isTrue();
    }
}
