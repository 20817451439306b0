/**
 * Typed options with their defaults and descriptions; loading of YAML and {@code --set} overrides; validation at start.
 * May import Flink's configuration types, {@code page} and {@code url} (to build their values); never the packages that read the options.
 * <p>Project imports: {@code page}, {@code url}.
 */
package org.reusedetector.config;
