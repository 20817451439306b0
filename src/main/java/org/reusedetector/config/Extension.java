package org.reusedetector.config;

import java.util.List;
import java.util.ServiceLoader;
import org.apache.flink.configuration.ConfigOption;

/**
 * A part of the product that brings its own options and commands: a signal. Listed, one line each, in
 * {@code META-INF/services/org.reusedetector.config.Extension}, in the order the detection topology applies them; that
 * list is how the configuration knows an extension's keys (unknown keys are errors) and how the command line finds its
 * commands, without this package importing the extension's.
 */
public interface Extension {

    /** The extension's options, beside {@link ReuseDetectorOptions}'; their keys are its own. */
    default List<ConfigOption<?>> options() {
        return List.of();
    }

    /** The extension's picocli command classes, added to the command line as subcommands. */
    default List<Class<?>> commands() {
        return List.of();
    }

    /** Every extension on the class path, in the order of the service file. */
    static List<Extension> all() {
        return ServiceLoader.load(Extension.class, Extension.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
    }
}
