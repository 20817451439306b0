/**
 * The labelled set: the compact label index and its store, and informed labelling of expert pages (the {@code label} command's run).
 * Pure Java; may import {@code model}, {@code page}, {@code url}, {@code format} and {@code imatch}, no Flink.
 */
package org.reusedetector.labels;
