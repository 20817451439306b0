package org.reusedetector.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;

class JobEnvironmentTest {

    @TempDir
    Path dir;

    private ReadableConfig flinkOf(String... settings) {
        List<String> all = new ArrayList<>(List.of("job.state-dir=" + dir));
        all.addAll(List.of(settings));
        return JobEnvironment.create(ReuseDetectorConfig.load(null, all), RuntimeExecutionMode.STREAMING)
                .getConfiguration();
    }

    private static String get(ReadableConfig config, String key) {
        return config.get(ConfigOptions.key(key).stringType().noDefaultValue());
    }

    @Test
    void rocksDbLogsOnlyItsHeaderUnlessAFlinkKeySaysOtherwise() {
        assertThat(get(flinkOf(), "state.backend.rocksdb.log.level")).isEqualTo("HEADER_LEVEL");
        assertThat(get(flinkOf("flink.state.backend.rocksdb.log.level=INFO_LEVEL"), "state.backend.rocksdb.log.level"))
                .isEqualTo("INFO_LEVEL");
    }

    @Test
    void keyedLabelsTurnOnBloomFiltersAndPartitionedIndexAndFilters() {
        assertThat(get(flinkOf(), "state.backend.rocksdb.use-bloom-filter")).isNull();
        ReadableConfig keyed = flinkOf("labels.mode=KEYED");
        assertThat(get(keyed, "state.backend.rocksdb.use-bloom-filter")).isEqualTo("true");
        assertThat(get(keyed, "state.backend.rocksdb.memory.partitioned-index-filters"))
                .isEqualTo("true");
        assertThat(get(
                        flinkOf("labels.mode=KEYED", "flink.state.backend.rocksdb.use-bloom-filter=false"),
                        "state.backend.rocksdb.use-bloom-filter"))
                .isEqualTo("false");
    }
}
