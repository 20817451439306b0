package org.reusedetector.connector;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;

/**
 * Type information of the records that flow between operators. The job runs with
 * {@code pipeline.generic-types: false}, so a type that Flink cannot treat as a POJO fails the job at
 * submission; checking here fails at class load instead, naming the type.
 */
public final class PojoTypes {

    private PojoTypes() {}

    public static <T> TypeInformation<T> of(Class<T> type) {
        TypeInformation<T> info = TypeInformation.of(type);
        if (!(info instanceof PojoTypeInfo)) {
            throw new IllegalStateException(type.getName() + " is not a Flink POJO (it would need Kryo): " + info);
        }
        return info;
    }
}
