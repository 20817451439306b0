package org.reusedetector.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StandaloneClusterTest {

    private static Map<String, String> memory(String taskHeap) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("taskmanager.memory.framework.heap.size", "128m");
        conf.put("taskmanager.memory.task.heap.size", taskHeap);
        conf.put("taskmanager.memory.framework.off-heap.size", "128m");
        conf.put("taskmanager.memory.task.off-heap.size", "0m");
        conf.put("taskmanager.memory.network.max", "64m");
        conf.put("taskmanager.memory.jvm-metaspace.size", "256m");
        return conf;
    }

    @Test
    void theTaskManagersHeapIsTheFrameworksAndTheTasksHeap() {
        assertThat(StandaloneCluster.taskManagerJvmFlags(memory("256m")))
                .containsExactly("-Xmx384m", "-Xms384m", "-XX:MaxDirectMemorySize=192m", "-XX:MaxMetaspaceSize=256m");
    }

    @Test
    void aTaskHeapSettingReachesTheJvm() {
        assertThat(StandaloneCluster.taskManagerJvmFlags(memory("1536m"))).startsWith("-Xmx1664m", "-Xms1664m");
        assertThat(StandaloneCluster.taskManagerJvmFlags(memory("1g"))).startsWith("-Xmx1152m");
    }
}
