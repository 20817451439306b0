/**
 * The labelled set: the compact label index and its store, and informed labelling of expert pages (the {@code label} command's run).
 * Pure Java; may import {@code model}, {@code page}, {@code url}, {@code format}, {@code imatch} and {@code shingle} (for the shingle labels of expert pages), no Flink.
 * <p>Project imports: {@code format}, {@code imatch}, {@code model}, {@code page}, {@code shingle}, {@code url}.
 */
package org.reusedetector.labels;
