/**
 * The embedded default: an in-process KRaft broker and the generated sample crawl.
 * May import {@code config}, {@code format} and {@code kafka}.
 * <p>Project imports: {@code config}, {@code format}, {@code kafka}.
 */
package org.reusedetector.local;
