// SPDX-License-Identifier: GPL-2.0-only
/*
 * channel: Linux's side, the character device /dev/adeos-<domain>. One
 * write() is one message to the domain, one read() one message from it
 * (up to 256 bytes each, as datagrams: a short read drops the rest of
 * its message). Built only into the kernel (a -linux.c file).
 *
 * Each ring has one producer and one consumer: writers take a mutex
 * among themselves, and so do readers. A writer waits until both rings
 * have room for its message, so that the domain's answer always fits;
 * readers wait for the domain's virtual IRQ.
 *
 * Answers nobody read are thrown away (and counted) when the last opener
 * closes the device: they belong to writers that are gone, and left in
 * the ring they would fill it, so that the next writer, who needs room
 * for its own answer, would wait for a reader that never comes.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include "channel.h"

struct channel_dev {
	struct miscdevice misc;
	char name[48];
	struct channel_state *st;
	int virq_domain, virq_linux;
	wait_queue_head_t readers, writers;
	struct mutex read_lock, write_lock;
	unsigned int openers; /* under read_lock */
};

static struct channel_dev *dev_of(struct file *file)
{
	return container_of(file->private_data, struct channel_dev, misc);
}

/* virq_linux, in Linux's stage: the domain has put messages. */
static void channel_wake(unsigned int irq, void *cookie)
{
	struct channel_dev *cd = cookie;

	wake_up_interruptible(&cd->readers);
}

static ssize_t channel_read(struct file *file, char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	struct channel_dev *cd = dev_of(file);
	unsigned char msg[ADEOS_RING_MSG_MAX];
	int len;

	if (mutex_lock_interruptible(&cd->read_lock))
		return -ERESTARTSYS;
	while ((len = adeos_ring_get(&cd->st->to_linux, msg, sizeof(msg))) ==
	       -EAGAIN) {
		mutex_unlock(&cd->read_lock);
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(
			    cd->readers, !adeos_ring_empty(&cd->st->to_linux)))
			return -ERESTARTSYS;
		if (mutex_lock_interruptible(&cd->read_lock))
			return -ERESTARTSYS;
	}
	mutex_unlock(&cd->read_lock);
	wake_up_interruptible(&cd->writers);
	if (len < 0)
		return len;
	len = min_t(size_t, len, count);
	return copy_to_user(ubuf, msg, len) ? -EFAULT : len;
}

/*
 * The longest message both rings can ever hold: a longer one would wait
 * for room for ever (a ring of a few dozen bytes is configurable).
 */
static size_t channel_msg_max(struct channel_dev *cd)
{
	size_t size = min(cd->st->to_domain.size, cd->st->to_linux.size);

	/* an empty ring takes all but a record header's 4 bytes */
	return min_t(size_t, ADEOS_RING_MSG_MAX, size - 4);
}

static bool channel_has_room(struct channel_dev *cd, size_t len)
{
	return adeos_ring_room(&cd->st->to_domain) >= len &&
	       adeos_ring_room(&cd->st->to_linux) >= len;
}

static ssize_t channel_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct channel_dev *cd = dev_of(file);
	unsigned char msg[ADEOS_RING_MSG_MAX];
	int err;

	if (!count || count > channel_msg_max(cd))
		return -EMSGSIZE;
	if (copy_from_user(msg, ubuf, count))
		return -EFAULT;
	if (mutex_lock_interruptible(&cd->write_lock))
		return -ERESTARTSYS;
	while (!channel_has_room(cd, count)) {
		mutex_unlock(&cd->write_lock);
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(cd->writers,
					     channel_has_room(cd, count)))
			return -ERESTARTSYS;
		if (mutex_lock_interruptible(&cd->write_lock))
			return -ERESTARTSYS;
	}
	err = adeos_ring_put(&cd->st->to_domain, msg, count);
	if (!err)
		adeos_trigger_irq(cd->virq_domain);
	mutex_unlock(&cd->write_lock);
	return err ? err : count;
}

static __poll_t channel_poll(struct file *file, poll_table *wait)
{
	struct channel_dev *cd = dev_of(file);
	__poll_t mask = 0;

	poll_wait(file, &cd->readers, wait);
	poll_wait(file, &cd->writers, wait);
	if (!adeos_ring_empty(&cd->st->to_linux))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (channel_has_room(cd, channel_msg_max(cd)))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

static int channel_dev_open(struct inode *inode, struct file *file)
{
	struct channel_dev *cd = dev_of(file);

	mutex_lock(&cd->read_lock);
	cd->openers++;
	mutex_unlock(&cd->read_lock);
	return nonseekable_open(inode, file);
}

/* The last close: the answers left in the ring are nobody's. */
static int channel_release(struct inode *inode, struct file *file)
{
	struct channel_dev *cd = dev_of(file);
	unsigned char msg[ADEOS_RING_MSG_MAX];

	mutex_lock(&cd->read_lock);
	if (!--cd->openers)
		while (adeos_ring_get(&cd->st->to_linux, msg, sizeof(msg)) > 0)
			cd->st->discarded++;
	mutex_unlock(&cd->read_lock);
	wake_up_interruptible(&cd->writers);
	return 0;
}

static const struct file_operations channel_fops = {
	.owner = THIS_MODULE,
	.open = channel_dev_open,
	.release = channel_release,
	.read = channel_read,
	.write = channel_write,
	.poll = channel_poll,
	.llseek = noop_llseek,
};

int channel_os_start(struct channel_state *st, const char *name)
{
	struct channel_dev *cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	int err;

	if (!cd)
		return -ENOMEM;
	cd->st = st;
	cd->virq_domain = st->virq_domain;
	cd->virq_linux = st->virq_linux;
	init_waitqueue_head(&cd->readers);
	init_waitqueue_head(&cd->writers);
	mutex_init(&cd->read_lock);
	mutex_init(&cd->write_lock);
	snprintf(cd->name, sizeof(cd->name), "adeos-%s", name);
	cd->misc.minor = MISC_DYNAMIC_MINOR;
	cd->misc.name = cd->name;
	cd->misc.fops = &channel_fops;
	cd->misc.mode = 0666;
	err = adeos_virtualize_irq_from(&adeos_root, st->virq_linux,
					channel_wake, cd, NULL,
					ADEOS_HANDLE_MASK);
	if (err)
		goto err_free;
	err = misc_register(&cd->misc);
	if (err)
		goto err_release;
	st->os = cd;
	return 0;

err_release:
	adeos_virtualize_irq_from(&adeos_root, st->virq_linux, NULL, NULL, NULL,
				  0);
err_free:
	kfree(cd);
	return err;
}

void channel_os_stop(struct channel_state *st)
{
	struct channel_dev *cd = st->os;

	if (!cd)
		return;
	misc_deregister(&cd->misc);
	adeos_virtualize_irq_from(&adeos_root, st->virq_linux, NULL, NULL, NULL,
				  0);
	kfree(cd);
	st->os = NULL;
}
