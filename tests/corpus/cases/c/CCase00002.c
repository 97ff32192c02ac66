#include <stdint.h>
#include <stdio.h>

uint32_t checksum_block(const uint8_t *data, size_t n)
{
    uint32_t sum = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        uint32_t hi = data[i] & 0xffu;
        uint32_t lo = data[i + 1] & 0xffu;
        sum += hi * 256u + lo;
        sum &= 0xffffu;
    }
    return sum;
}

int main(void)
{
    const uint8_t demo[] = {1, 2, 3, 4};
    printf("%u\n", checksum_block(demo, sizeof(demo)));
    return 0;
}
