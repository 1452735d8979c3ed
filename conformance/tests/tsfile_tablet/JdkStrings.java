import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Each line of stdin is a String's bytes in hex; each line of stdout, in hex, the UTF-8 bytes of the
 *  String the JDK decodes from them, as ReadWriteIOUtils.readString does: new String(bytes, UTF_8). */
public class JdkStrings {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            byte[] bytes = new byte[line.length() / 2];
            for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
            for (byte b : new String(bytes, 0, bytes.length, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8))
                out.append(String.format("%02x", b & 0xff));
            out.append('\n');
        }
        System.out.print(out);
        System.out.flush();
    }
}
