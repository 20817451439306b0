/**
 * The hash index: its binary format, reader and writer, and its Flink source and sink.
 * May import {@code model}, {@code page}, {@code format} and {@code connector}.
 * <p>Project imports: {@code connector}, {@code format}, {@code model}, {@code page}.
 */
package org.reusedetector.index;
