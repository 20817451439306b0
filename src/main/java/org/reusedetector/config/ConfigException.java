package org.reusedetector.config;

/** A configuration error that names the offending key. */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
