/**
 * Typed options with their defaults and descriptions; loading of YAML and {@code --set} overrides; validation at start.
 * May import Flink's configuration types, {@code page} and {@code url} (to build their values); never the packages that read the options.
 */
package org.reusedetector.config;
