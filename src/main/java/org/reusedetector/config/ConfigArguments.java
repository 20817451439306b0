package org.reusedetector.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options every command shares: {@code --config FILE} and {@code --set key=value}. */
public final class ConfigArguments {

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "YAML configuration (see config/reuse-detector.yaml); defaults apply to what it leaves out.")
    public Path configFile;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Override one configuration key (repeatable), e.g. --set scoring.page-threshold=0.2")
    public List<String> overrides = new ArrayList<>();

    public ReuseDetectorConfig load() {
        return ReuseDetectorConfig.load(configFile, overrides);
    }
}
