#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef enum {
    MQTT_OK = 0,
    MQTT_INCOMPLETE,
    MQTT_ERR_MALFORMED,
    MQTT_ERR_NOMEM,
    MQTT_ERR_UNSUPPORTED
} mqtt_status;

enum { MQTT_CONNECT = 1, MQTT_PUBLISH = 3, MQTT_PINGREQ = 12, MQTT_DISCONNECT = 14 };

typedef struct mqtt_packet {
    unsigned type;
    unsigned flags;
    size_t remaining;
    char *topic;
    size_t topic_len;
    uint16_t packet_id;
    unsigned char *payload;
    size_t payload_len;
} mqtt_packet;

static inline unsigned mqtt_qos(const mqtt_packet *p)
{
    return (p->flags >> 1) & 3u;
}

mqtt_packet *mqtt_packet_create(void)
{
    return calloc(1, sizeof(mqtt_packet));
}

void mqtt_packet_destroy(mqtt_packet *p)
{
    if (!p)
        return;
    free(p->topic);
    free(p->payload);
    free(p);
}

mqtt_status mqtt_remaining_length(const unsigned char *buf, size_t n, size_t *value, size_t *used)
{
    size_t v = 0, mult = 1, i;

    for (i = 0; i < 4; i++) {
        if (i >= n)
            return MQTT_INCOMPLETE;
        v += (size_t)(buf[i] & 0x7f) * mult;
        if (!(buf[i] & 0x80)) {
            *value = v;
            *used = i + 1;
            return MQTT_OK;
        }
        mult *= 128;
    }
    return MQTT_ERR_MALFORMED;
}

static mqtt_status mqtt_publish(mqtt_packet *p, const unsigned char *body, size_t n)
{
    size_t pos = 2;

    if (n < 2)
        return MQTT_ERR_MALFORMED;
    p->topic_len = (size_t)body[0] << 8 | body[1];
    if (p->topic_len > n - pos)
        return MQTT_ERR_MALFORMED;
    p->topic = malloc(p->topic_len + 1);
    if (!p->topic)
        return MQTT_ERR_NOMEM;
    memcpy(p->topic, body + pos, p->topic_len);
    p->topic[p->topic_len] = '\0';
    pos += p->topic_len;
    if (mqtt_qos(p) > 0) {
        if (n - pos < 2) {
            free(p->topic);
            return MQTT_ERR_MALFORMED;
        }
        p->packet_id = (uint16_t)(body[pos] << 8 | body[pos + 1]);
        pos += 2;
    }
    p->payload_len = n - pos;
    p->payload = malloc(p->payload_len ? p->payload_len : 1);
    if (!p->payload)
        return MQTT_ERR_NOMEM;
    if (p->payload_len)
        memcpy(p->payload, body + pos, p->payload_len);
    return MQTT_OK;
}

mqtt_status mqtt_decode(mqtt_packet *p, const unsigned char *buf, size_t n, size_t *consumed)
{
    size_t rl, used;
    mqtt_status st;

    if (n < 2)
        return MQTT_INCOMPLETE;
    p->type = buf[0] >> 4;
    p->flags = buf[0] & 0x0f;
    st = mqtt_remaining_length(buf + 1, n - 1, &rl, &used);
    if (st != MQTT_OK)
        return st;
    if (rl > n - 1 - used)
        return MQTT_INCOMPLETE;
    p->remaining = rl;
    *consumed = 1 + used + rl;
    switch (p->type) {
    case MQTT_PUBLISH:
        if (mqtt_qos(p) == 3)
            return MQTT_ERR_MALFORMED;
        return mqtt_publish(p, buf + 1 + used, rl);
    case MQTT_PINGREQ:
    case MQTT_DISCONNECT:
        return rl == 0 ? MQTT_OK : MQTT_ERR_MALFORMED;
    }
    return MQTT_ERR_UNSUPPORTED;
}

int main(void)
{
    static unsigned char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof(buf), stdin), pos = 0, used = 0;
    char preview[33];

    while (pos < n) {
        mqtt_packet *p = mqtt_packet_create();
        mqtt_status st;

        if (!p)
            return 1;
        st = mqtt_decode(p, buf + pos, n - pos, &used);
        if (st == MQTT_OK && p->type == MQTT_PUBLISH) {
            size_t k = p->payload_len < sizeof(preview) - 1 ? p->payload_len : sizeof(preview) - 1;
            memcpy(preview, p->payload, k);
            preview[k] = '\0';
            printf("PUBLISH qos=%u id=%u topic=%s len=%zu \"%s\"\n", mqtt_qos(p),
                   (unsigned)p->packet_id, p->topic, p->payload_len, preview);
        } else if (st == MQTT_OK) {
            printf("type %u\n", p->type);
        } else if (st == MQTT_ERR_UNSUPPORTED) {
            printf("skipping type %u (%zu bytes)\n", p->type, p->remaining);
        } else {
            fprintf(stderr, "decode error %d at offset %zu\n", (int)st, pos);
            mqtt_packet_destroy(p);
            return 1;
        }
        mqtt_packet_destroy(p);
        pos += used;
    }
    return 0;
}
